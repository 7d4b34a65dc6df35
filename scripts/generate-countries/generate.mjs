#!/usr/bin/env node
// Generates crates/domain/src/country/table.rs: every ISO 3166-1 country with
// its alpha-2 and alpha-3 codes, English, Simplified Chinese and Traditional
// Chinese (Hong Kong) names and its ITU country calling code.
//
// Sources (versions pinned in package.json):
//   - i18n-iso-countries  the list of officially assigned ISO 3166-1 alpha-2
//                         codes and their alpha-3 codes (codes.json);
//   - cldr-core           supplemental/codeMappings.json, used to cross-check
//                         every alpha-3 code against Unicode CLDR;
//   - cldr-localenames-full  territory display names for en, zh (Simplified)
//                         and zh-Hant-HK (Traditional, Hong Kong), falling back
//                         to zh-Hant;
//   - libphonenumber-js   country calling codes (Google libphonenumber metadata).
//                         CLDR dropped supplemental/telephoneCodeData.json after
//                         CLDR 33, so current cldr-core no longer carries them.
//
// Usage (see README.md): npm install && node generate.mjs > ../../crates/domain/src/country/table.rs
// The Rust source goes to stdout; on any inconsistency the script prints the
// problems to stderr and exits non-zero without printing anything to stdout.

import { createRequire } from 'node:module';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';

const require = createRequire(import.meta.url);

/** Number of officially assigned ISO 3166-1 alpha-2 codes. */
const EXPECTED_COUNT = 249;

/**
 * Codes that ISO 3166-1 reserves as "user-assigned" (AA, QM-QZ, XA-XZ, ZZ).
 * i18n-iso-countries lists XK (Kosovo) from this range; it is not an ISO
 * 3166-1 country, so it is left out.
 */
const USER_ASSIGNED = /^(AA|Q[M-Z]|X[A-Z]|ZZ)$/;

/**
 * Territories whose CLDR `-alt-short` name is used instead of the standard
 * one, in every locale that has such an alternative. Not every `-alt-short`
 * is wanted: en's GB "UK", US "US", BA "Bosnia" and PN "Pitcairn" are
 * abbreviations, so only these are taken:
 *   HK  "Hong Kong SAR China" -> "Hong Kong", 中国香港特别行政区 -> 香港
 *   MO  "Macao SAR China"     -> "Macao",     中国澳门特别行政区 -> 澳门
 *   PS  "Palestinian Territories" -> "Palestine", 巴勒斯坦领土 -> 巴勒斯坦
 *   MM  "Myanmar (Burma)"     -> "Myanmar" (en only)
 */
const PREFER_ALT_SHORT = new Set(['HK', 'MO', 'PS', 'MM']);

/**
 * Calling codes for territories libphonenumber has no metadata for (and that
 * CLDR's old telephone data either lacked or gave a satellite code for). These
 * always win over libphonenumber.
 */
const CALLING_CODE_OVERRIDES = {
  AQ: '672', // Antarctica: ITU 672 (Australian external territories; Australian Antarctic bases).
  BV: '47', // Bouvet Island: uninhabited Norwegian dependency, Norway's code.
  GS: '500', // South Georgia & South Sandwich Islands: shares the Falkland Islands' 500.
  HM: '672', // Heard & McDonald Islands: uninhabited Australian external territory, 672.
  PN: '64', // Pitcairn Islands: reached through New Zealand's +64 (CLDR 33 listed Inmarsat 870).
  TF: '262', // French Southern Territories: served through Réunion's 262.
  UM: '1', // U.S. Outlying Islands: North American Numbering Plan.
};

const errors = [];

function territories(locale) {
  return require(`cldr-localenames-full/main/${locale}/territories.json`).main[locale]
    .localeDisplayNames.territories;
}

/** First name found for `code` in the locales' territory tables, in order. */
function displayName(code, tables) {
  for (const table of tables) {
    const short = table[`${code}-alt-short`];
    if (PREFER_ALT_SHORT.has(code) && short) return short;
    if (table[code]) return table[code];
  }
  return undefined;
}

function callingCode(code) {
  const override = CALLING_CODE_OVERRIDES[code];
  if (override !== undefined) {
    if (isSupportedCountry(code) && getCountryCallingCode(code) !== override) {
      console.error(
        `note: ${code}: override ${override} differs from libphonenumber's ${getCountryCallingCode(code)}`,
      );
    }
    return override;
  }
  if (!isSupportedCountry(code)) return undefined;
  return getCountryCallingCode(code);
}

const isoCodes = require('i18n-iso-countries/codes.json'); // [[alpha2, alpha3, numeric, iso3166-2], ...]
const codeMappings = require('cldr-core/supplemental/codeMappings.json').supplemental.codeMappings;
const en = [territories('en')];
const zhHans = [territories('zh')];
const zhHant = [territories('zh-Hant-HK'), territories('zh-Hant')];

const countries = isoCodes
  .filter(([alpha2]) => !USER_ASSIGNED.test(alpha2))
  .map(([alpha2, alpha3]) => ({
    code: alpha2,
    code2: alpha3,
    name: displayName(alpha2, en),
    simplifiedCn: displayName(alpha2, zhHans),
    traditionalCn: displayName(alpha2, zhHant),
    mobileCode: callingCode(alpha2),
  }))
  .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));

// Checks.
if (countries.length !== EXPECTED_COUNT) {
  errors.push(`expected ${EXPECTED_COUNT} countries, got ${countries.length}`);
}
const seen2 = new Set();
const seen3 = new Set();
for (const c of countries) {
  if (!/^[A-Z]{2}$/.test(c.code)) errors.push(`${c.code}: bad alpha-2`);
  if (!/^[A-Z]{3}$/.test(c.code2)) errors.push(`${c.code}: bad alpha-3 ${c.code2}`);
  if (seen2.has(c.code)) errors.push(`${c.code}: duplicate alpha-2`);
  if (seen3.has(c.code2)) errors.push(`${c.code}: duplicate alpha-3 ${c.code2}`);
  seen2.add(c.code);
  seen3.add(c.code2);
  const cldrAlpha3 = codeMappings[c.code]?._alpha3;
  if (cldrAlpha3 !== c.code2) {
    errors.push(`${c.code}: alpha-3 ${c.code2} disagrees with CLDR's ${cldrAlpha3}`);
  }
  for (const field of ['name', 'simplifiedCn', 'traditionalCn']) {
    if (!c[field] || !c[field].trim()) errors.push(`${c.code}: no ${field}`);
  }
  if (!/^[0-9]{1,4}$/.test(c.mobileCode ?? '')) {
    errors.push(`${c.code}: bad calling code ${c.mobileCode}`);
  }
}
if (errors.length > 0) {
  for (const e of errors) console.error(`error: ${e}`);
  process.exit(1);
}

// Text tables rather than an array of structs: the browser's wasm module carries the codes, and
// text compresses far better than a table of string pointers.
for (const c of countries) {
  for (const v of [c.code, c.code2, c.name, c.simplifiedCn, c.traditionalCn, c.mobileCode]) {
    if (/[|\n"\\]/.test(v)) errors.push(`${c.code}: field ${JSON.stringify(v)} holds a separator`);
  }
}
if (errors.length > 0) {
  for (const e of errors) console.error(`error: ${e}`);
  process.exit(1);
}
const lines = [
  '//! Generated by `scripts/generate-countries/generate.mjs` from Unicode CLDR data; do not edit by hand.',
  '',
  '/// Every ISO 3166-1 country, sorted by alpha-2 code, one a line: `alpha-2|alpha-3|calling code`.',
  'pub(super) const CODES: &str = "\\',
  ...countries.map((c) => [c.code, c.code2, c.mobileCode].join('|')),
  '";',
  '',
  '/// The same countries in the same order: `English|Simplified Chinese|Traditional Chinese (HK)`.',
  '/// Kept apart from [`CODES`] so that code which never shows a name (the browser\'s validation',
  '/// module) does not carry the names.',
  'pub(super) const NAMES: &str = "\\',
  ...countries.map((c) => [c.name, c.simplifiedCn, c.traditionalCn].join('|')),
  '";',
  '',
];
process.stdout.write(lines.join('\n'));
