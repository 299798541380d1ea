import { useEffect, useReducer } from 'react';
import { applyMessage, initialLiveState, type LiveState, type LiveStatus, withStatus } from './live-model.ts';
import { openLiveStream } from './open-live-stream.ts';
import type { StreamMessage } from './parse-event-stream.ts';

type Action = { kind: 'message'; msg: StreamMessage } | { kind: 'status'; status: LiveStatus; error?: string };

const reduce = (s: LiveState, a: Action) => (a.kind === 'message' ? applyMessage(s, a.msg) : withStatus(s, a.status, a.error ?? null));

/** The live view's counters and feed, pushed by the server while the page is open. */
export function useLiveStream(): LiveState {
  const [state, dispatch] = useReducer(reduce, undefined, initialLiveState);
  useEffect(() => openLiveStream({
    message: (msg) => dispatch({ kind: 'message', msg }),
    status: (status, error) => dispatch({ kind: 'status', status, error }),
  }), []);
  return state;
}
