/**
 * Demo content (German) and the first administrator from the environment.
 *
 * seedDemo is idempotent: when the demo superadmin or any service already exists it changes nothing.
 * Everything is written in one transaction and is deterministic (no randomness); only the
 * timestamps depend on the current time.
 */
import type { Kysely, Transaction } from "kysely";
import { hashPassword } from "../../modules/access/password.server";
import { roleHasPermission } from "../../modules/access/policy";
import { publishRelease } from "../../modules/releases/releases.server";
import type { Role } from "../../modules/access/roles";
import { inTransaction } from "../db-helpers.server";
import { seedDemoFrame } from "./seed-frame.server";
import type { Database, DropdownSlot, ServiceStatus, ServiceType } from "./schema";

export const DEMO_PASSWORD = "servicehub-demo";

export const DEMO_USERS: ReadonlyArray<{ email: string; name: string; role: Role }> = [
  { email: "superadmin@example.com", name: "Sabine Superadmin", role: "superadmin" },
  { email: "keysuperuser@example.com", name: "Karl Keysuperuser", role: "keysuperuser" },
  { email: "admin@example.com", name: "Sabine Admin", role: "admin" },
  { email: "keyuser@example.com", name: "Klaus Keynutzer", role: "keyuser" },
  { email: "user@example.com", name: "Ulla Nutzer", role: "user" },
  { email: "client@example.com", name: "Claudia Kunde", role: "client" },
];

// ------------------------------------------------------------------------------------ base data

const OWNERS: Array<{ name: string; reps: Array<[string, string]> }> = [
  { name: "IT-Arbeitsplatzservices", reps: [["Petra Lange", "petra.lange@example.com"], ["Jonas Weber", "jonas.weber@example.com"]] },
  { name: "Rechenzentrumsbetrieb", reps: [["Markus Schröder", "markus.schroeder@example.com"]] },
  { name: "Netzwerk & Kommunikation", reps: [["Aylin Demir", "aylin.demir@example.com"], ["Tobias Krüger", "tobias.krueger@example.com"]] },
  { name: "Anwendungsbetreuung", reps: [["Katrin Hoffmann", "katrin.hoffmann@example.com"]] },
  { name: "Informationssicherheit", reps: [["Dr. Stefan Brandt", "stefan.brandt@example.com"], ["Lena Fischer", "lena.fischer@example.com"]] },
  { name: "Personal & Organisation", reps: [["Monika Becker", "monika.becker@example.com"]] },
  { name: "Einkauf & Beschaffung", reps: [["Frank Richter", "frank.richter@example.com"]] },
];

const KPIS: Array<{ name: string; definition: string; calculation: string; measuring_points: string }> = [
  {
    name: "Verfügbarkeit 99,5 %",
    definition: "Anteil der vereinbarten Servicezeit, in der der Service ohne Störung nutzbar ist.",
    calculation: "(Servicezeit − Ausfallzeit) / Servicezeit × 100, monatlich.",
    measuring_points: "Monitoring am Übergabepunkt im Rechenzentrum.",
  },
  {
    name: "Verfügbarkeit 99,9 %",
    definition: "Hochverfügbarer Betrieb für geschäftskritische Services.",
    calculation: "(Servicezeit − Ausfallzeit) / Servicezeit × 100, monatlich; geplante Wartung ausgenommen.",
    measuring_points: "End-to-End-Monitoring aus Anwendersicht.",
  },
  {
    name: "Reaktionszeit 4 Stunden",
    definition: "Zeit von der Erfassung einer Störung bis zur ersten qualifizierten Rückmeldung.",
    calculation: "Anteil der Tickets mit Reaktion innerhalb von 4 Stunden in der Servicezeit.",
    measuring_points: "Zeitstempel im Ticketsystem.",
  },
  {
    name: "Lösungszeit 1 Arbeitstag",
    definition: "Zeit von der Erfassung bis zur Lösung einer Störung mit Priorität 3.",
    calculation: "Anteil der Störungen, die innerhalb eines Arbeitstages gelöst wurden.",
    measuring_points: "Ticketstatus „gelöst“ im Ticketsystem.",
  },
  {
    name: "Bereitstellungszeit 5 Arbeitstage",
    definition: "Zeit von der Genehmigung einer Bestellung bis zur Übergabe an die Anwenderin oder den Anwender.",
    calculation: "Anteil der Bestellungen, die innerhalb von 5 Arbeitstagen bereitgestellt wurden.",
    measuring_points: "Genehmigungs- und Übergabezeitpunkt im Self-Service-Portal.",
  },
  {
    name: "Erstlösungsquote 70 %",
    definition: "Anteil der Anfragen, die der Service Desk beim ersten Kontakt löst.",
    calculation: "Beim Erstkontakt gelöste Tickets / alle Tickets × 100.",
    measuring_points: "Auswertung des Ticketsystems.",
  },
];

const PROVIDERS = [
  {
    name: "Interner IT-Betrieb",
    description: "Eigener IT-Betrieb der Musterstadtwerke.",
    street: "Hauptstraße 1",
    zipcode: "12345",
    city: "Musterstadt",
    country: "Deutschland",
    contact_person: "Markus Schröder",
    email_contact: "it-betrieb@example.com",
    website_link: "https://intranet.example.com/it",
    company_profile: "Betreibt Arbeitsplätze, Netzwerk und Rechenzentrum für rund 1.200 Mitarbeitende.",
  },
  {
    name: "Contoso Deutschland GmbH",
    description: "Cloud- und Lizenzpartner für Microsoft 365 und Azure.",
    street: "Kaiserstraße 42",
    zipcode: "60311",
    city: "Frankfurt am Main",
    country: "Deutschland",
    contact_person: "Julia Neumann",
    email_contact: "service@contoso.example",
    website_link: "https://contoso.example",
    company_profile: "Microsoft Solutions Partner mit 24/7-Support.",
  },
  {
    name: "Fabrikam Rechenzentrum AG",
    description: "Housing, Backup und georedundante Speicherung.",
    street: "Am Datenpark 7",
    zipcode: "04109",
    city: "Leipzig",
    country: "Deutschland",
    contact_person: "Thomas Wolf",
    email_contact: "kundenservice@fabrikam.example",
    website_link: "https://fabrikam.example",
    company_profile: "Zertifiziert nach ISO 27001, zwei Rechenzentren im Abstand von 30 km.",
  },
  {
    name: "Northwind Netzwerke GmbH",
    description: "WAN-, LAN- und Telefonieleistungen.",
    street: "Industriering 15",
    zipcode: "44135",
    city: "Dortmund",
    country: "Deutschland",
    contact_person: "Sandra Klein",
    email_contact: "noc@northwind.example",
    website_link: "https://northwind.example",
    company_profile: "Netzwerkdienstleister mit eigenem Network Operations Center.",
  },
  {
    name: "Tailspin Security Services GmbH",
    description: "Managed Security Services und Schwachstellenanalysen.",
    street: "Sicherheitsweg 3",
    zipcode: "80331",
    city: "München",
    country: "Deutschland",
    contact_person: "Alexander Vogel",
    email_contact: "soc@tailspin.example",
    website_link: "https://tailspin.example",
    company_profile: "Security Operations Center und Awareness-Schulungen.",
  },
];

const TAGS: Array<[string, string]> = [
  ["Standardservice", "Für alle Mitarbeitenden ohne gesonderte Genehmigung bestellbar."],
  ["Cloud", "Wird ganz oder teilweise in der Cloud betrieben."],
  ["Homeoffice", "Auch im mobilen Arbeiten nutzbar."],
  ["Sicherheit", "Trägt zur Informationssicherheit bei."],
  ["Microsoft 365", "Teil der Microsoft-365-Umgebung."],
  ["SAP", "Betrifft die SAP-Landschaft."],
  ["Neu", "Neu im Katalog."],
];

const TERMS: Array<[string, string, string]> = [
  ["SLA", "Service Level Agreement: Vereinbarung zwischen IT und Kunde über Art, Umfang und Qualität eines Services.", "https://de.wikipedia.org/wiki/Service-Level-Agreement"],
  ["OLA", "Operational Level Agreement: interne Vereinbarung zwischen Organisationseinheiten der IT, die ein SLA absichert.", ""],
  ["UC", "Underpinning Contract: Vertrag mit einem externen Dienstleister, der ein SLA absichert.", ""],
  ["Incident", "Ungeplante Unterbrechung oder Qualitätsminderung eines Services (Störung).", "https://de.wikipedia.org/wiki/Incident_Management"],
  ["Service Request", "Standardanfrage einer Anwenderin oder eines Anwenders, z. B. eine Bestellung oder ein Passwort-Reset.", ""],
  ["Problem", "Ursache eines oder mehrerer Incidents, deren Lösung noch nicht bekannt ist.", ""],
  ["Change", "Hinzufügen, Ändern oder Entfernen von Komponenten, die Auswirkungen auf Services haben können.", ""],
  ["Servicezeit", "Zeitraum, in dem ein Service vereinbarungsgemäß zur Verfügung steht und unterstützt wird.", ""],
  ["Reaktionszeit", "Zeit zwischen der Meldung einer Störung und der ersten qualifizierten Rückmeldung.", ""],
  ["RTO", "Recovery Time Objective: maximal tolerierte Dauer bis zur Wiederherstellung eines Services.", ""],
  ["RPO", "Recovery Point Objective: maximal tolerierter Datenverlust, gemessen als Zeitraum.", ""],
];

// ------------------------------------------------------------------------------------ catalogue

interface DemoService {
  name: string;
  short: string;
  /** Scope items ("Leistungsumfang"). */
  scope: string[];
  type?: ServiceType;
  costs?: string;
  options?: Array<[name: string, description: string, costs: number]>;
  /** Name of the parent service this one is derived from. */
  parent?: string;
  tags?: string[];
  noOwner?: boolean;
  noKpi?: boolean;
}

interface DemoCategory {
  name: string;
  description: string;
  owner: string;
  kpis: string[];
  provider: string;
  type: ServiceType;
  services: DemoService[];
}

interface DemoArea {
  name: string;
  description: string;
  catalogue: "it" | "business";
  categories: DemoCategory[];
}

const AREAS: DemoArea[] = [
  {
    name: "Arbeitsplatz",
    description: "<p>Alles rund um den persönlichen IT-Arbeitsplatz: Geräte, Software und Unterstützung.</p>",
    catalogue: "it",
    categories: [
      {
        name: "Hardware",
        description: "<p>Endgeräte und Zubehör für Büro und mobiles Arbeiten.</p>",
        owner: "IT-Arbeitsplatzservices",
        kpis: ["Bereitstellungszeit 5 Arbeitstage"],
        provider: "Interner IT-Betrieb",
        type: "customer",
        services: [
          {
            name: "Notebook-Bereitstellung",
            short: "Bereitstellung eines vorinstallierten Standard-Notebooks inklusive Tasche und Netzteil.",
            scope: ["Business-Notebook 14 Zoll mit Windows 11", "Vorinstallierte Standardsoftware", "Einrichtung des Benutzerprofils", "Austausch nach 48 Monaten"],
            costs: "45,00 € pro Monat",
            options: [
              ["Dockingstation", "USB-C-Dockingstation mit zwei Monitoranschlüssen.", 189],
              ["Ersatznetzteil", "Zusätzliches Netzteil für das Homeoffice.", 49.9],
            ],
            tags: ["Standardservice", "Homeoffice"],
          },
          {
            name: "Notebook-Bereitstellung (Entwicklung)",
            short: "Leistungsstarkes Notebook mit erweiterten Rechten für die Softwareentwicklung.",
            scope: ["32 GB Arbeitsspeicher", "Lokale Administratorrechte nach Genehmigung", "Entwicklungswerkzeuge auf Anfrage"],
            costs: "69,00 € pro Monat",
            parent: "Notebook-Bereitstellung",
            noKpi: true,
          },
          {
            name: "Desktop-PC-Bereitstellung",
            short: "Stationärer Arbeitsplatzrechner für Büro- und Sachbearbeitungsplätze.",
            scope: ["Kompakt-PC mit Windows 11", "Tastatur und Maus", "Aufstellung und Anschluss vor Ort"],
            costs: "32,00 € pro Monat",
            tags: ["Standardservice"],
          },
          {
            name: "Monitor & Peripherie",
            short: "Monitore, Headsets, Tastaturen und weiteres Zubehör für den Arbeitsplatz.",
            scope: ["27-Zoll-Monitor", "Headset mit Geräuschunterdrückung", "Ergonomische Eingabegeräte"],
            options: [
              ["Zweiter Monitor", "Zusätzlicher 27-Zoll-Monitor inklusive Kabel.", 229],
              ["Headset kabellos", "Bluetooth-Headset, zertifiziert für Microsoft Teams.", 159],
            ],
          },
          {
            name: "Mobiltelefon (Smartphone)",
            short: "Dienstliches Smartphone mit Geräteverwaltung und E-Mail-Zugang.",
            scope: ["Aktuelles Standardmodell", "Einrichtung in der Geräteverwaltung", "Schutzhülle und Displayschutz"],
            costs: "18,00 € pro Monat zuzüglich Mobilfunkvertrag",
            tags: ["Homeoffice"],
          },
          {
            name: "Drucker & Multifunktionsgeräte",
            short: "Zentrale Etagendrucker mit Scan- und Kopierfunktion (Follow-Me-Printing).",
            scope: ["Drucken mit Mitarbeiterausweis", "Scannen in das persönliche Postfach", "Toner- und Papierservice"],
            noOwner: true,
          },
        ],
      },
      {
        name: "Software & Lizenzen",
        description: "<p>Bereitstellung und Verwaltung von Standard- und Spezialsoftware.</p>",
        owner: "IT-Arbeitsplatzservices",
        kpis: ["Bereitstellungszeit 5 Arbeitstage"],
        provider: "Contoso Deutschland GmbH",
        type: "customer",
        services: [
          {
            name: "Softwareverteilung",
            short: "Automatische Installation freigegebener Software über das Softwareportal.",
            scope: ["Über 150 freigegebene Anwendungen", "Installation ohne Administratorrechte", "Automatische Updates"],
            tags: ["Standardservice"],
          },
          {
            name: "Microsoft 365 Apps",
            short: "Word, Excel, PowerPoint, Outlook und OneNote auf bis zu fünf Geräten.",
            scope: ["Desktop- und Web-Versionen", "Automatische Funktionsupdates", "Nutzung auf dienstlichen Mobilgeräten"],
            costs: "12,00 € pro Monat",
            tags: ["Microsoft 365", "Cloud", "Homeoffice"],
          },
          {
            name: "Adobe Acrobat Pro",
            short: "Erstellen, Bearbeiten und Signieren von PDF-Dokumenten.",
            scope: ["Named-User-Lizenz", "PDF-Bearbeitung und Formulare", "Elektronische Signatur"],
            costs: "19,50 € pro Monat",
          },
          {
            name: "Lizenzmanagement",
            short: "Beschaffung, Zuordnung und Überwachung von Softwarelizenzen.",
            scope: ["Lizenzbestandsführung", "Compliance-Prüfungen", "Jährlicher Lizenzbericht"],
            type: "it",
            noKpi: true,
          },
        ],
      },
      {
        name: "Support",
        description: "<p>Hilfe bei Störungen und Fragen rund um den Arbeitsplatz.</p>",
        owner: "IT-Arbeitsplatzservices",
        kpis: ["Reaktionszeit 4 Stunden", "Erstlösungsquote 70 %"],
        provider: "Interner IT-Betrieb",
        type: "customer",
        services: [
          {
            name: "Service Desk",
            short: "Zentrale Anlaufstelle für alle IT-Anliegen per Telefon, E-Mail und Portal.",
            scope: ["Erreichbarkeit Mo–Fr 7–18 Uhr", "Erfassung und Lösung von Störungen", "Weiterleitung an Fachteams"],
            tags: ["Standardservice"],
          },
          {
            name: "Passwort-Reset",
            short: "Zurücksetzen vergessener Passwörter per Self-Service oder Service Desk.",
            scope: ["Self-Service-Reset mit zweitem Faktor", "Reset durch den Service Desk nach Identitätsprüfung"],
            tags: ["Standardservice", "Sicherheit"],
          },
          {
            name: "Vor-Ort-Support",
            short: "Unterstützung durch Technikerinnen und Techniker direkt am Arbeitsplatz.",
            scope: ["Einsatz an allen Standorten", "Hardwaretausch", "Einweisung in neue Geräte"],
          },
          {
            name: "Arbeitsplatz-Umzug",
            short: "Abbau, Transport und Wiederaufbau von IT-Arbeitsplätzen bei Umzügen.",
            scope: ["Planung mit der Organisationseinheit", "Umzug außerhalb der Kernarbeitszeit", "Funktionstest nach dem Aufbau"],
            costs: "Nach Aufwand",
            noOwner: true,
            noKpi: true,
          },
        ],
      },
    ],
  },
  {
    name: "Infrastruktur",
    description: "<p>Rechenzentrum, Netzwerk und Cloud als Grundlage aller Anwendungen.</p>",
    catalogue: "it",
    categories: [
      {
        name: "Rechenzentrum",
        description: "<p>Server, Speicher und Datensicherung im eigenen Rechenzentrum.</p>",
        owner: "Rechenzentrumsbetrieb",
        kpis: ["Verfügbarkeit 99,5 %", "Reaktionszeit 4 Stunden"],
        provider: "Fabrikam Rechenzentrum AG",
        type: "it",
        services: [
          {
            name: "Virtueller Server (VM)",
            short: "Virtuelle Windows- oder Linux-Server auf der zentralen Virtualisierungsplattform.",
            scope: ["Bereitstellung innerhalb von 2 Arbeitstagen", "Betriebssystem-Patching", "Monitoring"],
            costs: "ab 55,00 € pro Monat",
            options: [
              ["Zusätzliche vCPU", "Eine weitere virtuelle CPU.", 8],
              ["Zusätzlicher Arbeitsspeicher (8 GB)", "Erweiterung um 8 GB RAM.", 12],
            ],
          },
          {
            name: "Physischer Server (Housing)",
            short: "Unterbringung kundeneigener Server mit Strom, Klima und Netzanbindung.",
            scope: ["Höheneinheiten im Rack", "Redundante Stromversorgung", "Zutritt nach Anmeldung"],
            costs: "120,00 € pro Höheneinheit und Monat",
          },
          {
            name: "Speicherplatz (Storage)",
            short: "Netzlaufwerke und Block-Storage für Abteilungen und Anwendungen.",
            scope: ["Abteilungslaufwerke", "Snapshots für 14 Tage", "Erweiterung in 100-GB-Schritten"],
            costs: "0,08 € pro GB und Monat",
          },
          {
            name: "Backup & Restore",
            short: "Tägliche Sicherung von Servern und Daten mit Wiederherstellung auf Anforderung.",
            scope: ["Tägliche Sicherung", "30 Tage Aufbewahrung", "Auslagerung in ein zweites Rechenzentrum", "Wiederherstellung einzelner Dateien"],
            tags: ["Sicherheit"],
          },
        ],
      },
      {
        name: "Netzwerk",
        description: "<p>Kabelgebundene und drahtlose Netzwerkzugänge sowie Fernzugriff.</p>",
        owner: "Netzwerk & Kommunikation",
        kpis: ["Verfügbarkeit 99,9 %"],
        provider: "Northwind Netzwerke GmbH",
        type: "it",
        services: [
          {
            name: "LAN-Anschluss",
            short: "Aktivierung und Patchung von Netzwerkdosen an allen Standorten.",
            scope: ["Patchung im Etagenverteiler", "VLAN-Zuordnung", "Funktionstest"],
          },
          {
            name: "WLAN-Zugang (Gäste)",
            short: "Zeitlich begrenzter Internetzugang für Besucherinnen und Besucher.",
            scope: ["Tagescodes über den Empfang", "Vom internen Netz getrennt", "Bandbreitenbegrenzung"],
            type: "customer",
            tags: ["Standardservice"],
          },
          {
            name: "VPN-Zugang",
            short: "Sicherer Zugriff auf interne Systeme von unterwegs und aus dem Homeoffice.",
            scope: ["Always-On-VPN auf dienstlichen Geräten", "Anmeldung mit Multi-Faktor-Authentifizierung", "Split-Tunneling für Microsoft 365"],
            type: "customer",
            tags: ["Homeoffice", "Sicherheit"],
          },
          {
            name: "Firewall-Freischaltung",
            short: "Prüfung und Umsetzung von Firewall-Regeln für Anwendungen und Schnittstellen.",
            scope: ["Sicherheitsbewertung des Antrags", "Umsetzung im Change-Fenster", "Jährliche Rezertifizierung"],
            tags: ["Sicherheit"],
            noKpi: true,
          },
        ],
      },
      {
        name: "Cloud",
        description: "<p>Cloud-Plattformen und Plattformdienste für moderne Anwendungen.</p>",
        owner: "Rechenzentrumsbetrieb",
        kpis: ["Verfügbarkeit 99,9 %"],
        provider: "Contoso Deutschland GmbH",
        type: "it",
        services: [
          {
            name: "Azure-Subscription",
            short: "Bereitstellung einer abgesicherten Azure-Subscription mit Kostenkontrolle.",
            scope: ["Landing Zone mit Richtlinien", "Budgetwarnungen", "Anbindung an das Firmennetz"],
            costs: "Nach Verbrauch",
            tags: ["Cloud", "Neu"],
          },
          {
            name: "Container-Plattform (Kubernetes)",
            short: "Betrieb containerisierter Anwendungen auf einer verwalteten Kubernetes-Plattform.",
            scope: ["Namespaces je Anwendung", "Zentrales Logging und Monitoring", "Automatische Zertifikate"],
            tags: ["Cloud", "Neu"],
            noOwner: true,
          },
          {
            name: "Datenbank as a Service",
            short: "Verwaltete PostgreSQL- und SQL-Server-Datenbanken.",
            scope: ["Patching und Backups", "Hochverfügbarkeit optional", "Performance-Monitoring"],
            costs: "ab 80,00 € pro Monat",
            options: [["Hochverfügbarkeit", "Synchrones Replikat in einem zweiten Rechenzentrum.", 95]],
            tags: ["Cloud"],
          },
        ],
      },
    ],
  },
  {
    name: "Anwendungen",
    description: "<p>Fachliche und unternehmensweite Anwendungen.</p>",
    catalogue: "it",
    categories: [
      {
        name: "ERP & Finanzen",
        description: "<p>SAP und Anwendungen für Finanz- und Rechnungswesen.</p>",
        owner: "Anwendungsbetreuung",
        kpis: ["Verfügbarkeit 99,5 %", "Lösungszeit 1 Arbeitstag"],
        provider: "Interner IT-Betrieb",
        type: "customer",
        services: [
          {
            name: "SAP S/4HANA Zugang",
            short: "Zugang zum SAP-System für Finanzen, Controlling und Materialwirtschaft.",
            scope: ["Benutzeranlage", "SAP GUI und Fiori Launchpad", "Rollen nach Berechtigungskonzept"],
            tags: ["SAP"],
          },
          {
            name: "SAP-Berechtigungsantrag",
            short: "Beantragung und Genehmigung zusätzlicher SAP-Rollen.",
            scope: ["Antrag über das Self-Service-Portal", "Genehmigung durch die Führungskraft", "Prüfung auf Funktionstrennung"],
            tags: ["SAP", "Sicherheit"],
          },
          {
            name: "Rechnungseingangsworkflow",
            short: "Digitale Erfassung, Prüfung und Freigabe eingehender Rechnungen.",
            scope: ["Scan und Texterkennung", "Mehrstufige Freigabe", "Übergabe an SAP"],
            tags: ["SAP"],
            noKpi: true,
          },
        ],
      },
      {
        name: "Fachanwendungen",
        description: "<p>Anwendungen für Dokumente, Kundenbeziehungen und Zusammenarbeit.</p>",
        owner: "Anwendungsbetreuung",
        kpis: ["Verfügbarkeit 99,5 %"],
        provider: "Interner IT-Betrieb",
        type: "customer",
        services: [
          {
            name: "Dokumentenmanagement (DMS)",
            short: "Revisionssichere Ablage und Versionierung von Dokumenten und Akten.",
            scope: ["Elektronische Akte", "Versionierung und Freigaben", "Aufbewahrungsfristen"],
          },
          {
            name: "CRM-System",
            short: "Verwaltung von Kundenkontakten, Anfragen und Verträgen.",
            scope: ["Kontakt- und Firmenverwaltung", "Vorgangsbearbeitung", "Auswertungen"],
            costs: "25,00 € pro Benutzer und Monat",
            tags: ["Cloud"],
          },
          {
            name: "Intranet (SharePoint)",
            short: "Unternehmensweites Intranet mit News, Teamseiten und Dokumentbibliotheken.",
            scope: ["Teamseiten auf Anfrage", "Redaktionssystem für News", "Suche über alle Inhalte"],
            tags: ["Microsoft 365", "Standardservice"],
          },
          {
            name: "Zeiterfassung",
            short: "Elektronische Erfassung von Arbeitszeiten, Urlaub und Abwesenheiten.",
            scope: ["Erfassung am Terminal und im Browser", "Urlaubsanträge", "Schnittstelle zur Entgeltabrechnung"],
            noOwner: true,
          },
        ],
      },
    ],
  },
  {
    name: "Kommunikation",
    description: "<p>E-Mail, Telefonie und Zusammenarbeit.</p>",
    catalogue: "it",
    categories: [
      {
        name: "E-Mail & Kalender",
        description: "<p>Postfächer, Kalender und Verteiler in Microsoft 365.</p>",
        owner: "Netzwerk & Kommunikation",
        kpis: ["Verfügbarkeit 99,9 %", "Reaktionszeit 4 Stunden"],
        provider: "Contoso Deutschland GmbH",
        type: "customer",
        services: [
          {
            name: "Microsoft 365 Postfach",
            short: "Persönliches E-Mail-Postfach mit Kalender und 50 GB Speicher.",
            scope: ["50 GB Postfach", "Zugriff über Outlook, Web und Mobilgeräte", "Spam- und Virenschutz"],
            costs: "6,50 € pro Monat",
            tags: ["Microsoft 365", "Cloud", "Standardservice"],
          },
          {
            name: "Funktionspostfach",
            short: "Gemeinsam genutztes Postfach für Teams und Funktionen, z. B. info@.",
            scope: ["Zugriff für mehrere Personen", "Senden als Funktionsadresse", "Kalender für Ressourcen"],
            tags: ["Microsoft 365"],
          },
          {
            name: "E-Mail-Verteiler",
            short: "Verteilerlisten für interne und externe Empfängergruppen.",
            scope: ["Pflege durch benannte Verantwortliche", "Moderation optional"],
            tags: ["Microsoft 365"],
            noKpi: true,
          },
        ],
      },
      {
        name: "Telefonie & Zusammenarbeit",
        description: "<p>Telefonie, Chat und Videokonferenzen.</p>",
        owner: "Netzwerk & Kommunikation",
        kpis: ["Verfügbarkeit 99,5 %"],
        provider: "Northwind Netzwerke GmbH",
        type: "customer",
        services: [
          {
            name: "Microsoft Teams",
            short: "Chat, Besprechungen und Zusammenarbeit in Teams und Kanälen.",
            scope: ["Teams und Kanäle", "Besprechungen mit bis zu 300 Teilnehmenden", "Dateiablage in SharePoint"],
            tags: ["Microsoft 365", "Cloud", "Homeoffice"],
          },
          {
            name: "Telefonie (Teams Phone)",
            short: "Festnetztelefonie über Microsoft Teams mit eigener Durchwahl.",
            scope: ["Persönliche Rufnummer", "Voicemail", "Anrufweiterleitung und Vertretung"],
            costs: "8,00 € pro Monat",
            tags: ["Microsoft 365", "Homeoffice"],
          },
          {
            name: "Videokonferenzraum",
            short: "Ausstattung von Besprechungsräumen mit Teams-Rooms-Systemen.",
            scope: ["Kamera, Mikrofon und Display", "Ein-Klick-Teilnahme", "Raumbuchung über Outlook"],
            costs: "Einmalig ab 6.500,00 €",
          },
          {
            name: "Mobilfunkvertrag",
            short: "Dienstlicher Mobilfunkvertrag mit Datenvolumen im Rahmenvertrag.",
            scope: ["Flatrate Telefonie und SMS", "20 GB Datenvolumen", "EU-Roaming"],
            costs: "14,90 € pro Monat",
            noOwner: true,
            noKpi: true,
          },
        ],
      },
    ],
  },
  {
    name: "Sicherheit",
    description: "<p>Identitäten, Berechtigungen und Schutz vor Angriffen.</p>",
    catalogue: "it",
    categories: [
      {
        name: "Identität & Zugriff",
        description: "<p>Benutzerkonten, Anmeldung und Berechtigungen.</p>",
        owner: "Informationssicherheit",
        kpis: ["Bereitstellungszeit 5 Arbeitstage"],
        provider: "Interner IT-Betrieb",
        type: "it",
        services: [
          {
            name: "Benutzerkonto anlegen",
            short: "Anlage eines persönlichen Benutzerkontos für neue Mitarbeitende.",
            scope: ["Konto im Verzeichnisdienst", "Standardgruppen nach Organisationseinheit", "Startpasswort per Brief"],
            type: "customer",
            tags: ["Standardservice"],
          },
          {
            name: "Multi-Faktor-Authentifizierung",
            short: "Absicherung der Anmeldung mit Authenticator-App oder Sicherheitsschlüssel.",
            scope: ["Einrichtung der Authenticator-App", "FIDO2-Sicherheitsschlüssel auf Anfrage", "Notfallzugang"],
            options: [["FIDO2-Sicherheitsschlüssel", "Hardware-Sicherheitsschlüssel mit USB-C und NFC.", 55]],
            tags: ["Sicherheit", "Homeoffice"],
          },
          {
            name: "Berechtigungsverwaltung",
            short: "Vergabe und regelmäßige Rezertifizierung von Zugriffsrechten.",
            scope: ["Rollenbasierte Berechtigungen", "Halbjährliche Rezertifizierung", "Entzug beim Austritt"],
            tags: ["Sicherheit"],
          },
        ],
      },
      {
        name: "Informationssicherheit",
        description: "<p>Schutz von Endgeräten, Schulungen und Prüfungen.</p>",
        owner: "Informationssicherheit",
        kpis: ["Reaktionszeit 4 Stunden"],
        provider: "Tailspin Security Services GmbH",
        type: "it",
        services: [
          {
            name: "Virenschutz (Endpoint Protection)",
            short: "Schutz aller Endgeräte vor Schadsoftware mit zentraler Überwachung.",
            scope: ["Echtzeitschutz", "Zentrale Alarmierung", "Automatische Isolierung befallener Geräte"],
            tags: ["Sicherheit"],
          },
          {
            name: "Security Awareness Training",
            short: "Online-Schulungen und Phishing-Simulationen für alle Mitarbeitenden.",
            scope: ["Jährliche Pflichtschulung", "Phishing-Simulationen", "Auswertung je Organisationseinheit"],
            type: "customer",
            tags: ["Sicherheit", "Neu"],
          },
          {
            name: "Schwachstellenscan",
            short: "Regelmäßige Prüfung von Servern und Anwendungen auf bekannte Schwachstellen.",
            scope: ["Monatliche Scans", "Bewertung nach CVSS", "Maßnahmenverfolgung"],
            tags: ["Sicherheit"],
            noKpi: true,
          },
        ],
      },
    ],
  },
  {
    name: "Unternehmensservices",
    description: "<p>Serviceleistungen der Verwaltung für alle Mitarbeitenden.</p>",
    catalogue: "business",
    categories: [
      {
        name: "Personal",
        description: "<p>Ein- und Austritt, Reisen und Abrechnung.</p>",
        owner: "Personal & Organisation",
        kpis: ["Bereitstellungszeit 5 Arbeitstage"],
        provider: "Interner IT-Betrieb",
        type: "customer",
        services: [
          {
            name: "Onboarding neuer Mitarbeitender",
            short: "Koordinierter Start neuer Kolleginnen und Kollegen mit Arbeitsplatz, Konto und Einarbeitung.",
            scope: ["Bestellung aller IT-Leistungen vor dem ersten Arbeitstag", "Begrüßungsmappe", "Einführungsveranstaltung"],
            tags: ["Standardservice"],
          },
          {
            name: "Offboarding",
            short: "Geordneter Austritt mit Rückgabe der Geräte und Sperrung der Zugänge.",
            scope: ["Checkliste für Führungskräfte", "Rückgabe der Hardware", "Sperrung und Archivierung der Konten"],
          },
          {
            name: "Reisekostenabrechnung",
            short: "Beantragung und Abrechnung von Dienstreisen im Self-Service.",
            scope: ["Reiseantrag", "Belegerfassung per App", "Erstattung mit der nächsten Entgeltabrechnung"],
          },
        ],
      },
      {
        name: "Einkauf & Beschaffung",
        description: "<p>Beschaffung von Waren und Dienstleistungen.</p>",
        owner: "Einkauf & Beschaffung",
        kpis: ["Bereitstellungszeit 5 Arbeitstage"],
        provider: "Interner IT-Betrieb",
        type: "customer",
        services: [
          {
            name: "IT-Beschaffung",
            short: "Beschaffung von Hard- und Software außerhalb des Standardkatalogs.",
            scope: ["Marktrecherche und Angebotsvergleich", "Bestellung über Rahmenverträge", "Inventarisierung"],
          },
          {
            name: "Bestellung Büromaterial",
            short: "Bestellung von Büromaterial über den elektronischen Katalog.",
            scope: ["Lieferung an den Arbeitsplatz", "Sammelbestellung je Abteilung"],
            noKpi: true,
          },
        ],
      },
    ],
  },
];

/** Services that require other services (Abhängigkeiten). */
const DEPENDENCIES: Array<[string, string]> = [
  ["Notebook-Bereitstellung", "Benutzerkonto anlegen"],
  ["Microsoft 365 Postfach", "Benutzerkonto anlegen"],
  ["Microsoft Teams", "Microsoft 365 Postfach"],
  ["Telefonie (Teams Phone)", "Microsoft Teams"],
  ["VPN-Zugang", "Multi-Faktor-Authentifizierung"],
  ["SAP-Berechtigungsantrag", "SAP S/4HANA Zugang"],
  ["Onboarding neuer Mitarbeitender", "Benutzerkonto anlegen"],
  ["Onboarding neuer Mitarbeitender", "Notebook-Bereitstellung"],
];

const LINKS: Array<[string, string]> = [
  ["Notebook-Bereitstellung", "https://intranet.example.com/it/hardware/notebooks"],
  ["Microsoft 365 Postfach", "https://outlook.office.com"],
  ["VPN-Zugang", "https://intranet.example.com/it/vpn-anleitung"],
  ["Passwort-Reset", "https://passwort.example.com"],
  ["Microsoft Teams", "https://teams.microsoft.com"],
  ["Security Awareness Training", "https://lernen.example.com/security"],
];

const RESPONSIBILITIES: Array<[description: string, client: 0 | 1, it: 0 | 1]> = [
  ["Bestellung über das Self-Service-Portal", 1, 0],
  ["Genehmigung durch die Führungskraft", 1, 0],
  ["Bereitstellung und Einrichtung", 0, 1],
  ["Betrieb, Wartung und Störungsbehebung", 0, 1],
  ["Meldung von Störungen an den Service Desk", 1, 0],
];

const STATUSES: ServiceStatus[] = ["closed", "checking", "open"];

const ATTRIBUTES: Array<{ designation: string; details: string; position: number; slots: string[] }> = [
  {
    designation: "Betriebszeit",
    details: "Zeitraum, in dem der Service betrieben und unterstützt wird.",
    position: 1,
    slots: ["Mo–Fr 7–18 Uhr", "Mo–So 6–22 Uhr", "24/7"],
  },
  {
    designation: "Datenklassifizierung",
    details: "Höchste Schutzklasse der im Service verarbeiteten Daten.",
    position: 2,
    slots: ["Öffentlich", "Intern", "Vertraulich", "Streng vertraulich"],
  },
];

const SLOT_WORDS: DropdownSlot[] = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

const html = {
  p: (text: string) => `<p>${text}</p>`,
  ul: (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join("")}</ul>`,
};

// ------------------------------------------------------------------------------------ functions

async function hasDemoData(db: Kysely<Database> | Transaction<Database>): Promise<boolean> {
  const user = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", "superadmin@example.com"))
    .executeTakeFirst();
  if (user) return true;
  const service = await db.selectFrom("services").select("id").limit(1).executeTakeFirst();
  return Boolean(service);
}

/** Writes the demo content unless it (or any service) is already there. */
export async function seedDemo(db: Kysely<Database>): Promise<{ created: boolean }> {
  if (await hasDemoData(db)) return { created: false };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const base = Date.now();
  /** Deterministic spread of timestamps: `hoursAgo` hours before the seed ran. */
  const at = (hoursAgo: number) => new Date(base - hoursAgo * 3_600_000).toISOString();
  const now = at(0);

  return inTransaction(db, async (trx) => {
    // Re-check inside the transaction so two concurrent seeds cannot both write.
    if (await hasDemoData(trx)) return { created: false };

    // Users.
    const userIds = new Map<string, number>();
    for (const u of DEMO_USERS) {
      const row = await trx
        .insertInto("users")
        .values({
          name: u.name,
          email: u.email,
          password_hash: passwordHash,
          role: u.role,
          email_verified_at: now,
          privacy_accepted: 1,
          // The demo admins export to Word from the start: the roles that pass the admin guard.
          word_export: roleHasPermission(u.role, "access:admin") ? 1 : 0,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      userIds.set(u.email, row.id);
    }
    const authorId = userIds.get("superadmin@example.com")!;

    // Base data.
    const ownerIds = new Map<string, number>();
    for (const o of OWNERS) {
      const row = await trx.insertInto("owners").values({ name: o.name, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
      ownerIds.set(o.name, row.id);
      for (const [i, [name, email]] of o.reps.entries()) {
        await trx.insertInto("owner_representatives").values({ owner_id: row.id, name, email, position: i }).execute();
      }
    }
    const kpiIds = new Map<string, number>();
    for (const k of KPIS) {
      const row = await trx.insertInto("kpis").values({ ...k, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
      kpiIds.set(k.name, row.id);
    }
    const providerIds = new Map<string, number>();
    for (const p of PROVIDERS) {
      const row = await trx.insertInto("providers").values({ ...p, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
      providerIds.set(p.name, row.id);
    }
    const tagIds = new Map<string, number>();
    for (const [name, description] of TAGS) {
      const row = await trx.insertInto("tags").values({ name, description, created_at: now, updated_at: now }).returning("id").executeTakeFirstOrThrow();
      tagIds.set(name, row.id);
    }
    for (const [term, definition, link] of TERMS) {
      await trx
        .insertInto("term_definitions")
        .values({ term, definition: html.p(definition), link: link || null, created_at: now, updated_at: now })
        .execute();
    }
    await trx
      .insertInto("customer_data")
      .values({
        id: 1,
        company: "Musterstadtwerke GmbH",
        companyadditional: "IT und Digitalisierung",
        street: "Hauptstraße 1",
        zipcode: "12345",
        city: "Musterstadt",
        country: "Deutschland",
        updated_at: now,
      })
      .execute();

    // Service attributes (dropdowns).
    const attributeIds: number[] = [];
    for (const a of ATTRIBUTES) {
      const item = await trx
        .insertInto("service_attribute_items")
        .values({
          active: 1,
          headline: "Attribute",
          position: a.position,
          type: "dropdown",
          model: "service",
          details: a.details,
          designation: a.designation,
          dropdown_count: a.slots.length,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      attributeIds.push(item.id);
      const slots: Record<string, string | number | null> = {};
      a.slots.forEach((value, i) => {
        slots[`drop_down_${SLOT_WORDS[i]}_value`] = value;
        slots[`drop_down_${SLOT_WORDS[i]}_active`] = 1;
      });
      await trx
        .insertInto("attribute_dropdowns")
        .values({ attribute_item_id: item.id, ...slots, created_at: now, updated_at: now })
        .execute();
    }

    // Catalogues (the static catalogue -1 comes from the migration).
    const catalogueIds = { it: 0, business: 0 };
    for (const [key, title, introduction] of [
      ["it", "IT-Servicekatalog 2026", "Alle IT-Services der Musterstadtwerke mit Leistungsumfang, Service Levels und Kosten."],
      ["business", "Business-Services", "Serviceleistungen der Verwaltung für Mitarbeitende und Führungskräfte."],
    ] as const) {
      const row = await trx
        .insertInto("service_catalogues")
        .values({ title, introduction: html.p(introduction), created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      catalogueIds[key] = row.id;
      await trx
        .insertInto("catalog_frames")
        .values({ service_catalogue_id: row.id, title, created_at: now, updated_at: now })
        .execute();
    }

    // Areas, categories, services.
    const serviceIds = new Map<string, number>();
    const categoryIds = new Map<string, number>();
    let n = 0; // running service index: drives the deterministic variation below
    const total = AREAS.reduce((sum, a) => sum + a.categories.reduce((s, c) => s + c.services.length, 0), 0);
    for (const [areaPos, area] of AREAS.entries()) {
      const catalogueId = catalogueIds[area.catalogue];
      const areaRow = await trx
        .insertInto("service_areas")
        .values({ service_catalogue_id: catalogueId, name: area.name, description: area.description, position: areaPos, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const [catPos, cat] of area.categories.entries()) {
        const catRow = await trx
          .insertInto("service_categories")
          .values({
            service_catalogue_id: catalogueId,
            service_area_id: areaRow.id,
            name: cat.name,
            description: cat.description,
            position: catPos,
            created_at: now,
            updated_at: now,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        categoryIds.set(cat.name, catRow.id);

        for (const [pos, s] of cat.services.entries()) {
          const status = STATUSES[n % 3];
          const statuspercent = status === "closed" ? 100 : status === "checking" ? 60 + ((n * 7) % 4) * 10 : 10 + ((n * 13) % 5) * 10;
          const created = at((total - n) * 5 + 24);
          const updated = at((total - n) * 2);
          const row = await trx
            .insertInto("services")
            .values({
              service_catalogue_id: catalogueId,
              name: s.name,
              category_id: catRow.id,
              short_description: html.p(s.short),
              description:
                html.p(s.short) +
                html.p(
                  s.noOwner
                    ? `Der Service „${s.name}“ wird über ${cat.provider} erbracht; die Verantwortung wird derzeit geklärt.`
                    : `Der Service „${s.name}“ wird von ${cat.owner} verantwortet und über ${cat.provider} erbracht.`,
                ),
              content: html.ul(s.scope),
              advantages: n % 2 === 0 ? html.ul(["Standardisierte, schnelle Bereitstellung", "Betreuung durch den Service Desk"]) : null,
              status,
              statuspercent,
              servicetype: s.type ?? cat.type,
              servicechangeplanned: n % 11 === 5 ? 1 : 0,
              plannedchanges: n % 11 === 5 ? html.p("Umstellung auf die neue Plattform im nächsten Quartal.") : null,
              art_nr: `${area.name.slice(0, 3).toUpperCase()}-${String(n + 1).padStart(3, "0")}`,
              user: area.catalogue === "business" ? "Alle Mitarbeitenden und Führungskräfte" : "Alle Mitarbeitenden",
              booking: "Über das Self-Service-Portal oder den Service Desk",
              restriction: n % 4 === 1 ? "Nur nach Genehmigung durch die Führungskraft" : null,
              cancelling: "Kündigung mit einer Frist von 4 Wochen zum Monatsende",
              delivery_time: n % 3 === 0 ? "5 Arbeitstage" : "2 Arbeitstage",
              delivery_point: "Arbeitsplatz der bestellenden Person",
              reporting: n % 5 === 0 ? "Monatlicher Servicebericht" : null,
              serviceprovidercontract: cat.provider === "Interner IT-Betrieb" ? null : `Rahmenvertrag mit ${cat.provider}`,
              customerspecific: 0,
              serviceart: s.type === "it" || cat.type === "it" ? "Basisservice" : "Anwenderservice",
              processingpersonaldata: area.catalogue === "business" || n % 3 === 1 ? 1 : 0,
              personaldata: area.catalogue === "business" || n % 3 === 1 ? "Name, dienstliche Kontaktdaten, Personalnummer" : null,
              processingsensitivpersonaldata: 0,
              processingpersonaldatalaw: area.catalogue === "business" || n % 3 === 1 ? "Art. 6 Abs. 1 lit. b DSGVO i. V. m. § 26 BDSG" : null,
              personaldatastorageduration: area.catalogue === "business" || n % 3 === 1 ? "Bis 6 Monate nach Austritt" : null,
              personaldatatransfer: null,
              costs: s.costs ? html.p(s.costs) : null,
              system: null,
              position: pos,
              parent_service_id: s.parent ? serviceIds.get(s.parent)! : null,
              created_at: created,
              updated_at: updated,
              created_by: authorId,
              updated_by: authorId,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          const serviceId = row.id;
          serviceIds.set(s.name, serviceId);

          if (!s.noOwner) await trx.insertInto("service_owners").values({ service_id: serviceId, owner_id: ownerIds.get(cat.owner)! }).execute();
          if (!s.noKpi) {
            for (const k of cat.kpis) await trx.insertInto("service_kpis").values({ service_id: serviceId, kpi_id: kpiIds.get(k)! }).execute();
          }
          await trx.insertInto("service_providers").values({ service_id: serviceId, provider_id: providerIds.get(cat.provider)! }).execute();
          for (const t of s.tags ?? []) await trx.insertInto("service_tags").values({ service_id: serviceId, tag_id: tagIds.get(t)! }).execute();
          for (const [i, [name, description, costs]] of (s.options ?? []).entries()) {
            await trx
              .insertInto("service_options")
              .values({
                service_id: serviceId,
                name,
                short_description: html.p(description),
                description: html.p(description),
                art_nr: `OPT-${String(n + 1).padStart(3, "0")}-${i + 1}`,
                costs,
                position: i,
                created_at: now,
                updated_at: now,
              })
              .execute();
          }
          if (n % 2 === 0) {
            const count = 3 + (n % 3);
            for (const [pos2, [description, client, it]] of RESPONSIBILITIES.slice(0, count).entries()) {
              await trx
                .insertInto("responsibilities")
                .values({ service_id: serviceId, pos: pos2, description, client, it, created_at: now, updated_at: now })
                .execute();
            }
          }
          // Betriebszeit for every third service, Datenklassifizierung for every fourth.
          if (n % 3 === 0) {
            await trx
              .insertInto("service_dropdown_items")
              .values({ service_id: serviceId, items_id: attributeIds[0], value_reference: SLOT_WORDS[(n / 3) % 3] })
              .execute();
          }
          if (n % 4 === 0) {
            await trx
              .insertInto("service_dropdown_items")
              .values({ service_id: serviceId, items_id: attributeIds[1], value_reference: SLOT_WORDS[1 + (n % 3)] })
              .execute();
          }
          n += 1;
        }
      }
    }

    for (const [name, url] of LINKS) {
      await trx.insertInto("service_links").values({ service_id: serviceIds.get(name)!, url, position: 0 }).execute();
    }
    for (const [service, required] of DEPENDENCIES) {
      await trx
        .insertInto("service_dependencies")
        .values({ service_id: serviceIds.get(service)!, required_service_id: serviceIds.get(required)! })
        .execute();
    }

    // The plain user may edit two categories.
    const plainUserId = userIds.get("user@example.com")!;
    for (const category of ["Hardware", "Software & Lizenzen"]) {
      await trx.insertInto("user_category_permissions").values({ user_id: plainUserId, category_id: categoryIds.get(category)! }).execute();
    }

    // Two views a key user shares with everyone (/views): the questions a service manager asks most.
    const keyUserId = userIds.get("keyuser@example.com")!;
    const view = (state: Record<string, unknown>) =>
      JSON.stringify({ view: 0, q: "", categories: [], areas: [], owners: [], statuses: [], percents: [], types: [], tags: [], missing: [], sort: "position", dir: "desc", ...state });
    await trx
      .insertInto("saved_views")
      .values([
        { user_id: keyUserId, catalogue_id: catalogueIds.it, name: "Warten auf Abnahme", state: view({ statuses: ["checking"], sort: "editDate", dir: "asc" }), shared: 1, created_at: now, updated_at: now },
        { user_id: keyUserId, catalogue_id: catalogueIds.it, name: "Ohne Service-Level", state: view({ missing: ["kpi"], sort: "alphabet", dir: "asc" }), shared: 1, created_at: now, updated_at: now },
      ])
      .execute();

    // The IT catalogue's cover sheet in full, so its frame page does not look unfinished.
    await seedDemoFrame(trx, catalogueIds.it, now);

    // A first release of the IT catalogue (issue 35): what its customers were handed.
    await publishRelease(trx, catalogueIds.it, { label: "2026.1", note: html.p("Erste veröffentlichte Fassung des IT-Servicekatalogs.") }, { id: authorId, name: "Sabine Superadmin" });

    // Reviews (issue 36 §1): the approved IT services were last reviewed at different times, so
    // the demo shows overdue and soon-due services as well as recently reviewed ones.
    const approved = await trx.selectFrom("services").select("id").where("service_catalogue_id", "=", catalogueIds.it).where("status", "=", "closed").orderBy("id").execute();
    for (const [i, { id }] of approved.entries()) {
      const daysAgo = [400, 350, 60][i % 3];
      await trx
        .updateTable("services")
        .set({ last_reviewed_at: new Date(base - daysAgo * 86_400_000).toISOString(), last_reviewed_by: keyUserId })
        .where("id", "=", id)
        .execute();
    }

    // Static catalogue frame: a title, an introduction and one section with two paragraphs.
    await trx
      .updateTable("catalog_frames")
      .set({
        title: "Rahmenbedingungen der IT-Services",
        introduction: html.p("Die folgenden Regelungen gelten für alle Services dieses Katalogs, soweit beim Service nichts anderes vereinbart ist."),
        updated_at: now,
      })
      .where("service_catalogue_id", "=", -1)
      .execute();
    const section = await trx
      .insertInto("sections")
      .values({ service_catalogue_id: -1, name: "Allgemeine Regelungen", type: "Paragraph", position: 0, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("paragraphs")
      .values([
        {
          section_id: section.id,
          title: "Servicezeiten",
          content: html.p("Die Servicezeit ist Montag bis Freitag von 7 bis 18 Uhr, ausgenommen gesetzliche Feiertage. Alle Zeiten beziehen sich auf mitteleuropäische Zeit."),
          position: 0,
          global_position: 0,
          created_at: now,
          updated_at: now,
        },
        {
          section_id: section.id,
          title: "Wartungsfenster",
          content: html.p("Geplante Wartungen werden mindestens drei Arbeitstage im Voraus angekündigt und finden bevorzugt dienstags ab 18 Uhr statt."),
          position: 1,
          global_position: 1,
          created_at: now,
          updated_at: now,
        },
      ])
      .execute();

    return { created: true };
  });
}

/**
 * Creates a superadmin from ADMIN_EMAIL / ADMIN_PASSWORD (name ADMIN_NAME, default "Administrator")
 * when both are set and no user with that email exists. Returns whether it created one.
 */
export async function ensureAdminFromEnv(
  db: Kysely<Database>,
  env: Record<string, string | undefined> = process.env,
): Promise<boolean> {
  const email = env.ADMIN_EMAIL?.trim().toLowerCase();
  const password = env.ADMIN_PASSWORD;
  if (!email || !password) return false;
  const existing = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email))
    .executeTakeFirst();
  if (existing) return false;
  const now = new Date().toISOString();
  await db
    .insertInto("users")
    .values({
      name: env.ADMIN_NAME?.trim() || "Administrator",
      email,
      password_hash: await hashPassword(password),
      role: "superadmin",
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return true;
}
