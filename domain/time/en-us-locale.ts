/*
 * js-joda's English locale (month and AM/PM names) for explicit time patterns; imported lazily by
 * pattern-reader.ts so that only an import that uses a pattern downloads the locale data.
 */
import '@js-joda/timezone';
import '@js-joda/locale_en-us';

export { Locale } from '@js-joda/locale';
