/**
 * Dates and times as shoppers and staff in India read them, whatever the device's time zone: in
 * IST, 12-hour, with AM/PM in capitals. Every date or time the app shows goes through here (an
 * eslint rule keeps Intl.DateTimeFormat and toLocale{,Date,Time}String out of the rest of src/).
 */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

type When = Date | number | string;

const OPTIONS = {
  day: { weekday: 'long' },
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit', hour12: true },
  dateTime: { dateStyle: 'medium', timeStyle: 'short', hour12: true },
  dateTimeSeconds: { dateStyle: 'medium', timeStyle: 'medium', hour12: true },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type Kind = keyof typeof OPTIONS;

// Built on first use, not when the module loads: the first formatter loads the browser's locale
// data, tens of milliseconds on a slow phone (decision 049).
const formats = new Map<Kind, Intl.DateTimeFormat>();

function format(kind: Kind, when: When): string {
  let formatter = formats.get(kind);
  if (!formatter) {
    // eslint-disable-next-line no-restricted-properties -- the one place that builds them
    formatter = new Intl.DateTimeFormat('en-IN', { ...OPTIONS[kind], timeZone: INDIA_TIME_ZONE });
    formats.set(kind, formatter);
  }
  // en-IN writes 'am' and 'pm'; the app writes AM and PM. (Not formatToParts: V8 gives its
  // literals a narrow no-break space before am/pm, where format() gives a plain one.)
  return formatter.format(new Date(when)).replace(/\b(am|pm)\b/, (period) => period.toUpperCase());
}

/** 'Thursday' */
export const formatDay = (when: When) => format('day', when);
/** '5 Mar 2026' */
export const formatDate = (when: When) => format('date', when);
/** '8:32 AM' */
export const formatTime = (when: When) => format('time', when);
/** '5 Mar 2026, 8:32 AM'; with seconds, '5 Mar 2026, 8:32:09 AM' (the audit log's precision). */
export const formatDateTime = (when: When, { seconds = false }: { seconds?: boolean } = {}) =>
  format(seconds ? 'dateTimeSeconds' : 'dateTime', when);
