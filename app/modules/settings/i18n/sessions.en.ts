import type sessionsDe from "./sessions.de";

const sessions: typeof sessionsDe = {
  title: "Signed-in devices",
  intro: "You are signed in on these devices. Sign out any device you no longer use or do not recognise.",
  onSystem: "{{browser}} on {{os}}",
  onDevice: "{{browser}} on {{device}}",
  unknownBrowser: "Unknown browser",
  thisDevice: "This device",
  signedIn: "Signed in on {{date}}",
  lastUsed: "Last used on {{date}}",
  activeNow: "In use now",
  signOut: "Sign out",
  signOutLabel: "Sign out {{device}} (last used on {{date}})",
  signOutOthers: "Sign out everywhere else",
  onlyThis: "You are signed in on this device only.",
  endedOthers_one: "You were signed out on {{count}} other device.",
  endedOthers_other: "You were signed out on {{count}} other devices.",
  endedOne: "The device was signed out.",
  noneEnded: "You were not signed in on any other device.",
};

export default sessions;
