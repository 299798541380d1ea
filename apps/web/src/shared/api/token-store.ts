/**
 * The session token lives in localStorage so a reload or a new tab stays signed in. Components
 * read it through `useToken` (useSyncExternalStore), so signing in or out re-renders the guard.
 */
import { useSyncExternalStore } from 'react';

const KEY = 'storecast.token';
const listeners = new Set<() => void>();

function storage(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

export function getToken(): string {
  return storage()?.getItem(KEY) ?? '';
}

export function setToken(token: string): void {
  if (token) storage()?.setItem(KEY, token);
  else storage()?.removeItem(KEY);
  listeners.forEach((fn) => fn());
}

export function clearToken(): void {
  setToken('');
}

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  // Another tab signing in or out changes the token too.
  const onStorage = (e: StorageEvent) => e.key === KEY && fn();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(fn);
    window.removeEventListener('storage', onStorage);
  };
}

export function useToken(): string {
  return useSyncExternalStore(subscribe, getToken, () => '');
}
