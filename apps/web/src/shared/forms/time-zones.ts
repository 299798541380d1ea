/** IANA time zones the browser knows, with the browser's own zone always present. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function timeZoneOptions(): { value: string; label: string }[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add(browserTimeZone());
  zones.add('UTC');
  return [...zones].sort().map((z) => ({ value: z, label: z }));
}
