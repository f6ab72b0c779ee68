import { describe, expect, test } from 'vitest';
import { fromLocal, localParts, resolveZone } from './timezone.js';

// https://www.mongodb.com/docs/manual/reference/operator/aggregation/dateToParts/#time-zones
describe('time zones', () => {
  test('IANA offsets follow DST (America/New_York, Europe/Berlin) and fixed zones do not', () => {
    const ny = resolveZone('America/New_York');
    expect(ny.offsetMinutes(Date.parse('2026-01-15T12:00:00Z'))).toBe(-300);
    expect(ny.offsetMinutes(Date.parse('2026-07-15T12:00:00Z'))).toBe(-240);
    expect(resolveZone('Europe/Berlin').offsetMinutes(Date.parse('2026-07-15T12:00:00Z'))).toBe(120);
    expect(resolveZone('Asia/Kolkata').offsetMinutes(Date.parse('2026-07-15T12:00:00Z'))).toBe(330);
    expect(resolveZone('+05:30').offsetMinutes(0)).toBe(330);
    expect(resolveZone('-0800').offsetMinutes(0)).toBe(-480);
    expect(resolveZone('-03').offsetMinutes(0)).toBe(-180);
    expect(resolveZone('UTC').offsetMinutes(0)).toBe(0);
    expect(resolveZone('GMT').offsetMinutes(0)).toBe(0);
  });

  test('wall clock round trip, including the skipped spring-forward hour', () => {
    const ny = resolveZone('America/New_York');
    const d = fromLocal(ny, 2026, 3, 8, 12, 0);
    expect(d.toISOString()).toBe('2026-03-08T16:00:00.000Z');
    expect(localParts(d, ny)).toMatchObject({ year: 2026, month: 3, day: 8, hour: 12, offset: -240 });
    // 02:30 does not exist on 2026-03-08 in New York; it resolves to an instant within the gap's hour.
    const gap = fromLocal(ny, 2026, 3, 8, 2, 30);
    expect([6.5, 7.5]).toContain((gap.getTime() - Date.parse('2026-03-08T00:00:00Z')) / 3_600_000);
  });

  test('unknown zones are refused with code 40485', () => {
    expect(() => resolveZone('Not/AZone')).toThrowError(expect.objectContaining({ code: 40485 }) as Error);
  });
});
