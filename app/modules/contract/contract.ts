/**
 * The data-processing contract (issue 16 §4, spec 01 §2 "Contract screen", §3 "Contract status"),
 * client-safe half: the shapes the page receives and how it names the acceptance time.
 */

/** `accepted` is null when the status could not be read (spec 01 §4: "unknown if the status check fails"). */
export interface ContractStatus {
  accepted: boolean | null;
  acceptedBy: string | null;
  /** ISO-8601 UTC. */
  acceptedAt: string | null;
}

export interface ContractSection {
  title: string;
  /** Numbered (1), (2), … when shown. */
  paragraphs: string[];
}

/** The agreement in one language: sections 1–10 under a title and a preamble. */
export interface ContractText {
  title: string;
  preamble: string[];
  sections: ContractSection[];
}

export interface ContractPageData {
  status: ContractStatus;
  /** In the reader's language. */
  text: ContractText;
}

export const UNKNOWN_STATUS: ContractStatus = { accepted: null, acceptedBy: null, acceptedAt: null };

const OFFSET_FORMAT = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Berlin", timeZoneName: "shortOffset" });

/**
 * Whether an instant falls in central European summer time: times are shown in Europe/Berlin
 * (spec 01 §9) and labelled MEZ/MESZ (CET/CEST), whatever zone the server or browser is in.
 */
export function berlinZone(iso: string): "cet" | "cest" {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "cet";
  const name = OFFSET_FORMAT.formatToParts(date).find((part) => part.type === "timeZoneName")?.value;
  return name === "GMT+2" ? "cest" : "cet";
}
