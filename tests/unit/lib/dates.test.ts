import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate, formatDateTime, toDate } from "~/lib/dates";

describe("formatDate", () => {
  it("formats as zero-padded DD.MM.YYYY", () => {
    expect(formatDate("2024-03-05T10:00:00Z")).toBe("05.03.2024");
    expect(formatDate(new Date(Date.UTC(2023, 11, 24, 12)))).toBe("24.12.2023");
  });

  it("uses the Berlin date for UTC timestamps near midnight (winter, UTC+1)", () => {
    expect(formatDate("2024-01-31T23:30:00Z")).toBe("01.02.2024");
    expect(formatDate("2024-01-31T22:59:59Z")).toBe("31.01.2024");
    expect(formatDate("2024-12-31T23:00:00Z")).toBe("01.01.2025");
  });

  it("uses the Berlin date in summer (UTC+2)", () => {
    expect(formatDate("2024-07-14T22:00:00Z")).toBe("15.07.2024");
    expect(formatDate("2024-07-14T21:59:59Z")).toBe("14.07.2024");
  });

  it("keeps a date-only string on its own day", () => {
    expect(formatDate("2024-03-05")).toBe("05.03.2024");
  });

  it("honours explicit offsets", () => {
    expect(formatDate("2024-03-05T00:30:00+01:00")).toBe("05.03.2024");
    expect(formatDate("2024-03-05T00:30:00-05:00")).toBe("05.03.2024");
    expect(formatDate("2024-03-05T20:30:00-05:00")).toBe("06.03.2024");
  });

  it("reads SQLite's zone-less timestamps as UTC", () => {
    expect(formatDate("2024-01-31 23:30:00")).toBe("01.02.2024");
    expect(formatDate("2024-01-31T23:30")).toBe("01.02.2024");
  });

  it('returns "" for empty or invalid input', () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate(undefined)).toBe("");
    expect(formatDate("")).toBe("");
    expect(formatDate("   ")).toBe("");
    expect(formatDate("kein Datum")).toBe("");
    expect(formatDate(new Date(Number.NaN))).toBe("");
  });
});

describe("formatDateTime", () => {
  it("formats as DD.MM.YYYY HH:mm in Berlin time", () => {
    expect(formatDateTime("2024-03-05T08:07:00Z")).toBe("05.03.2024 09:07");
    expect(formatDateTime("2024-07-05T08:07:59Z")).toBe("05.07.2024 10:07");
  });

  it("prints midnight as 00, not 24", () => {
    expect(formatDateTime("2024-01-31T23:00:00Z")).toBe("01.02.2024 00:00");
  });

  it("follows the daylight-saving switch", () => {
    // 31 March 2024: clocks jump from 02:00 to 03:00 Berlin time at 01:00 UTC.
    expect(formatDateTime("2024-03-31T00:59:00Z")).toBe("31.03.2024 01:59");
    expect(formatDateTime("2024-03-31T01:00:00Z")).toBe("31.03.2024 03:00");
  });

  it('returns "" for empty or invalid input', () => {
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime("2024-13-45T99:00:00Z")).toBe("");
  });
});

describe("toDate", () => {
  it("returns the same valid Date instance and null for invalid ones", () => {
    const d = new Date();
    expect(toDate(d)).toBe(d);
    expect(toDate(new Date("x"))).toBeNull();
  });
});

describe("independence from the process time zone", () => {
  const original = process.env.TZ;
  // Node re-reads TZ when it is assigned, so Date parsing of zone-less strings
  // would shift here if we relied on local time anywhere.
  beforeAll(() => {
    process.env.TZ = "America/Los_Angeles";
  });
  afterAll(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it("runs under a non-UTC, non-Berlin zone", () => {
    expect(new Date(Date.UTC(2024, 0, 1)).getTimezoneOffset()).toBe(480);
  });

  it("still reads zone-less SQLite timestamps as UTC", () => {
    expect(toDate("2024-01-31 23:30:00")?.toISOString()).toBe("2024-01-31T23:30:00.000Z");
    expect(formatDateTime("2024-01-31 23:30:00")).toBe("01.02.2024 00:30");
  });

  it("still formats in Berlin time", () => {
    expect(formatDateTime("2024-07-01T06:15:00Z")).toBe("01.07.2024 08:15");
    expect(formatDate("2024-07-01T06:15:00Z")).toBe("01.07.2024");
  });
});

describe("in the reader's language (issue 32 §8)", () => {
  it("English names the month, day first; German keeps day.month.year", () => {
    expect(formatDate("2026-11-28T10:00:00Z", "en")).toBe("28 Nov 2026");
    expect(formatDate("2026-11-28T10:00:00Z", "de")).toBe("28.11.2026");
    expect(formatDate("2026-03-05T10:00:00Z", "en")).toBe("5 Mar 2026");
  });

  it("date and time: Berlin time in both, with a comma in English", () => {
    // 23:30 UTC on 31 Dec is already the new year in Berlin.
    expect(formatDateTime("2025-12-31T23:30:00Z", "en")).toBe("1 Jan 2026, 00:30");
    expect(formatDateTime("2025-12-31T23:30:00Z", "de")).toBe("01.01.2026 00:30");
    expect(formatDateTime("", "en")).toBe("");
  });
});
