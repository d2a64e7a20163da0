import type productinfoDe from "./productinfo.de";

/** English texts of the product information page. */
const productinfo: typeof productinfoDe = {
  title: "Product information",
  intro: "Which version of ServiceHub runs here, on which database, and under which licences the bundled libraries are.",
  version: "Version",
  databaseLabel: "Database",
  database: {
    sqlite: "SQLite",
    postgres: "PostgreSQL",
  },
  runtime: "Runtime",
  licences: "Licences of the libraries",
  licencesIntro_one: "In operation, ServiceHub uses {{count}} library directly. Name, installed version and licence (SPDX identifier, as the package declares it):",
  licencesIntro_other: "In operation, ServiceHub uses {{count}} libraries directly. Name, installed version and licence (SPDX identifier, as the package declares it):",
  package: "Package",
  packageVersion: "Version",
  licence: "Licence",
  noLicence: "not declared",
};

export default productinfo;
