import type releaseshareDe from "./releaseshare.de";

/** English texts of share links of a release. */
const releaseshare: typeof releaseshareDe = {
  action: "Share",
  actionNamed: "Share release {{label}}",
  title: "Share release {{label}}",
  intro: "A link shows exactly this release – without signing in, read-only, nothing else. Anyone with the link can open it: pass it only to those it is meant for.",
  label: "For whom",
  labelHint: "Optional, e.g. “Procurement, city utilities”",
  expires: "Valid until and including",
  expiresHint: "Optional; without a date the link works until it is revoked.",
  create: "Create link",
  createdTitle: "New link",
  createdHint: "Copy the link now: it is shown this once only.",
  links: "Links of this release",
  none: "This release has no link yet.",
  unnamed: "Link of {{date}}",
  createdBy: "Created on {{date}} by {{name}}",
  accesses_one: "{{count}} visit",
  accesses_other: "{{count}} visits",
  lastAccess: "last {{date}}",
  neverOpened: "not opened yet",
  validUntil: "valid until {{date}}",
  validAlways: "no expiry",
  expiredOn: "Expired on {{date}}",
  revokedOn: "Revoked on {{date}}",
  revoke: "Revoke",
  revokeNamed: "Revoke link {{name}}",
  revoked: "The link has been revoked.",
  expiresInvalid: "Please enter a date.",
  expiresPast: "The date is in the past.",
  readOnly: "Shared release – read-only",
  gone: {
    title: "This link is no longer valid",
    text: "The link was revoked or has expired, or the release was withdrawn. Ask the person who gave it to you for a new one.",
  },
  unknown: {
    title: "This link does not exist",
    text: "Check that the whole link was copied.",
  },
  tooMany: {
    title: "Too many requests",
    text: "Please wait a minute and try again.",
  },
};

export default releaseshare;
