/** German texts of the sessions screens (issue 13). */
const sessions = {
  title: "Angemeldete Geräte",
  intro: "Hier sind Sie gerade angemeldet. Melden Sie ein Gerät ab, das Sie nicht mehr nutzen oder nicht kennen.",
  onSystem: "{{browser}} unter {{os}}",
  onDevice: "{{browser}} auf dem {{device}}",
  unknownBrowser: "Unbekannter Browser",
  thisDevice: "Dieses Gerät",
  signedIn: "Angemeldet am {{date}}",
  lastUsed: "Zuletzt verwendet am {{date}}",
  activeNow: "Gerade in Verwendung",
  signOut: "Abmelden",
  signOutLabel: "{{device}} abmelden (zuletzt verwendet am {{date}})",
  signOutOthers: "Auf allen anderen Geräten abmelden",
  onlyThis: "Sie sind nur auf diesem Gerät angemeldet.",
  endedOthers_one: "Sie wurden auf {{count}} anderen Gerät abgemeldet.",
  endedOthers_other: "Sie wurden auf {{count}} anderen Geräten abgemeldet.",
  endedOne: "Das Gerät wurde abgemeldet.",
  noneEnded: "Sie waren auf keinem anderen Gerät angemeldet.",
};

export default sessions;
