// Texts of the product information page (/dashboard/info).
const productinfo = {
  title: "Produktinformationen",
  intro: "Welche Version von ServiceHub hier läuft, auf welcher Datenbank, und unter welchen Lizenzen die mitgelieferten Bibliotheken stehen.",
  version: "Version",
  databaseLabel: "Datenbank",
  database: {
    sqlite: "SQLite",
    postgres: "PostgreSQL",
  },
  runtime: "Laufzeitumgebung",
  licences: "Lizenzen der Bibliotheken",
  licencesIntro_one: "ServiceHub verwendet im Betrieb {{count}} Bibliothek direkt. Name, installierte Version und Lizenz (SPDX-Kennung, wie das Paket sie angibt):",
  licencesIntro_other: "ServiceHub verwendet im Betrieb {{count}} Bibliotheken direkt. Name, installierte Version und Lizenz (SPDX-Kennung, wie das Paket sie angibt):",
  package: "Paket",
  packageVersion: "Version",
  licence: "Lizenz",
  noLicence: "nicht angegeben",
};

export default productinfo;
