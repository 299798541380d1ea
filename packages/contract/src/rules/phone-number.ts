/**
 * Phone numbers as an SMS provider takes them (E.164: `+`, country code, number, 8-15 digits).
 * Lists hold numbers as people typed them: `+86 138 0013 8000`, `0086…`, or the national
 * `13800138000` a Chinese pop-up collects. A national number takes the country of the store's
 * time zone; one that cannot be read is left out rather than texted to a wrong country.
 */
const ZONE_CALLING_CODES: Record<string, string> = {
  'Asia/Shanghai': '86', 'Asia/Chongqing': '86', 'Asia/Harbin': '86', 'Asia/Urumqi': '86', 'PRC': '86',
  'Asia/Hong_Kong': '852', 'Asia/Macau': '853', 'Asia/Taipei': '886', 'Asia/Singapore': '65', 'Asia/Kuala_Lumpur': '60',
  'Asia/Tokyo': '81', 'Asia/Seoul': '82', 'Asia/Kolkata': '91', 'Asia/Jakarta': '62', 'Asia/Bangkok': '66', 'Asia/Manila': '63',
  'Asia/Dubai': '971', 'Asia/Riyadh': '966', 'Africa/Cairo': '20', 'Africa/Johannesburg': '27',
  'Europe/London': '44', 'Europe/Dublin': '353', 'Europe/Paris': '33', 'Europe/Berlin': '49', 'Europe/Madrid': '34',
  'Europe/Rome': '39', 'Europe/Amsterdam': '31', 'Europe/Brussels': '32', 'Europe/Stockholm': '46', 'Europe/Warsaw': '48',
  'Europe/Bucharest': '40', 'Europe/Zurich': '41', 'Europe/Vienna': '43', 'Europe/Lisbon': '351',
  'Australia/Sydney': '61', 'Australia/Melbourne': '61', 'Australia/Brisbane': '61', 'Australia/Perth': '61', 'Australia/Adelaide': '61',
  'Pacific/Auckland': '64', 'America/Sao_Paulo': '55', 'America/Mexico_City': '52', 'America/Santiago': '56',
};
/** North American zones share +1. */
const NANP_ZONES = /^America\/(New_York|Chicago|Denver|Los_Angeles|Phoenix|Anchorage|Detroit|Indiana\/.+|Toronto|Vancouver|Edmonton|Winnipeg|Halifax|Boise)$|^Pacific\/Honolulu$/;

/** The calling code of a store's country, guessed from its time zone; null when unknown. */
export function callingCodeOfZone(timezone: string): string | null {
  if (NANP_ZONES.test(timezone)) return '1';
  return ZONE_CALLING_CODES[timezone] ?? null;
}

/** The number in E.164, or null when it cannot be read as one. */
export function toE164(raw: string, callingCode: string | null): string | null {
  const typed = raw.replace(/[\s().-]/g, '');
  let digits: string;
  if (typed.startsWith('+')) digits = typed.slice(1);
  else if (typed.startsWith('00')) digits = typed.slice(2);
  else if (callingCode && /^\d+$/.test(typed)) {
    // A national number; a leading trunk 0 (UK 07…, Australia 04…) is not dialled after the code.
    const national = typed.replace(/^0+/, '');
    digits = national.startsWith(callingCode) && national.length > 10 + callingCode.length - 1 ? national : callingCode + national;
  } else return null;
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
}
