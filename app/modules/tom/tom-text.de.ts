/**
 * The provider's technical and organisational measures (Art. 32 GDPR) as structured German
 * text: the source of the generated T.O.M. PDF (tom-pdf.server.ts). A change here makes every
 * instance regenerate its stored PDF once (the text's hash is part of its version), unless a
 * superadmin uploaded a document of their own.
 *
 * The facts match the data-processing agreement (issue 16 §4): processing only within the EU,
 * a pre-approved cloud provider for hosting, breaches reported within 36 hours, maintenance
 * announced at least three working days ahead, times in central European time.
 */

export interface TomSection {
  heading: string;
  /** Paragraphs before the bullet points. */
  paragraphs: readonly string[];
  bullets: readonly string[];
}

export interface TomText {
  title: string;
  subtitle: string;
  provider: string;
  status: string;
  preamble: readonly string[];
  contentsHeading: string;
  sections: readonly TomSection[];
  closing: readonly string[];
  /** `{page}` and `{pages}` are replaced on every page. */
  footer: string;
  /** PDF metadata. */
  subject: string;
  keywords: string;
}

export const TOM_TEXT_DE: TomText = {
  title: "Technische und organisatorische Maßnahmen",
  subtitle: "nach Art. 32 DSGVO für den Betrieb von ServiceHub",
  provider: "Anbieter (Auftragsverarbeiter) des Software-as-a-Service-Dienstes ServiceHub",
  status: "Stand: Januar 2026 · Version 1.0",
  preamble: [
    "Dieses Dokument beschreibt die technischen und organisatorischen Maßnahmen (T.O.M.), mit denen der Anbieter die Sicherheit der Verarbeitung personenbezogener Daten im Rahmen von ServiceHub gewährleistet. Es ist Anlage zum Vertrag über die Auftragsverarbeitung nach Art. 28 DSGVO.",
    "Die Maßnahmen berücksichtigen den Stand der Technik, die Implementierungskosten sowie Art, Umfang, Umstände und Zwecke der Verarbeitung und die unterschiedliche Eintrittswahrscheinlichkeit und Schwere der Risiken für die Rechte und Freiheiten natürlicher Personen. Sie werden regelmäßig überprüft und an neue Risiken angepasst; Änderungen dürfen das vereinbarte Schutzniveau nicht unterschreiten.",
    "Die Verarbeitung findet ausschließlich in Rechenzentren innerhalb der Europäischen Union statt. Das Hosting übernimmt ein vom Auftraggeber vorab genehmigter Cloud-Anbieter, der selbst nach ISO/IEC 27001 zertifiziert ist. Alle Zeitangaben beziehen sich auf mitteleuropäische Zeit (MEZ/MESZ).",
  ],
  contentsHeading: "Inhalt",
  sections: [
    {
      heading: "1. Zutrittskontrolle",
      paragraphs: [
        "Unbefugten wird der Zutritt zu Datenverarbeitungsanlagen, mit denen personenbezogene Daten verarbeitet werden, verwehrt. Die Server stehen in den Rechenzentren des Cloud-Anbieters; die Büros des Anbieters beherbergen keine Produktivsysteme.",
      ],
      bullets: [
        "Rechenzentren mit Zutritt nur für registriertes Personal über Ausweiskarte und biometrische Merkmale (Zwei-Faktor-Zutritt), Vereinzelungsanlagen an den Eingängen.",
        "Videoüberwachung der Zugänge und Serverräume rund um die Uhr, Aufbewahrung der Aufzeichnungen gemäß den Vorgaben des Rechenzentrumsbetreibers.",
        "Wachdienst und Einbruchmeldeanlage mit Aufschaltung auf eine ständig besetzte Leitstelle.",
        "Besucher nur nach Voranmeldung, mit Besucherausweis und in ständiger Begleitung; jeder Zutritt wird protokolliert.",
        "Büroräume des Anbieters mit elektronischem Schließsystem, personalisierten Transpondern und Protokollierung; verlorene Transponder werden sofort gesperrt.",
      ],
    },
    {
      heading: "2. Zugangskontrolle",
      paragraphs: [
        "Es wird verhindert, dass Datenverarbeitungssysteme von Unbefugten genutzt werden können.",
      ],
      bullets: [
        "Persönliche Benutzerkonten für jede Person; Sammel- oder Gruppenkonten sind untersagt.",
        "Passwörter mit ≥ 12 Zeichen für Administratoren des Anbieters, gespeichert ausschließlich als gesalzener bcrypt-Hash; Passwortmanager für alle Mitarbeitenden.",
        "Mehr-Faktor-Authentifizierung für jeden administrativen Zugang zur Cloud-Infrastruktur, zu Quellcode-Repositorys und zur Fernwartung.",
        "Sperre eines Anmeldeversuchs nach 5 Fehlversuchen innerhalb von 15 Minuten je Konto und Client; Anmeldung alternativ über Single Sign-on (Microsoft Entra ID) des Auftraggebers.",
        "Sitzungen werden serverseitig geführt, laufen nach spätestens 30 Tagen ab und können vom Benutzer auf allen anderen Geräten beendet werden.",
        "Administrativer Zugriff auf Server nur über verschlüsselte Verbindungen (SSH mit Schlüsseln, VPN); direkte Anmeldung als root ist deaktiviert.",
        "Automatische Bildschirmsperre der Arbeitsplatzrechner nach ≤ 5 Minuten Inaktivität, verschlüsselte Festplatten auf allen Endgeräten.",
      ],
    },
    {
      heading: "3. Zugriffskontrolle",
      paragraphs: [
        "Die zur Benutzung eines Datenverarbeitungssystems Berechtigten können ausschließlich auf die ihrer Zugriffsberechtigung unterliegenden Daten zugreifen.",
      ],
      bullets: [
        "Rollen- und Berechtigungskonzept in ServiceHub (Kunde, Nutzer, Keynutzer, Admin, Superadmin) nach dem Prinzip der minimalen Rechte; jede Prüfung erfolgt auf dem Server.",
        "Feingranulare Schreibrechte je Kategorie und Service; Entzug von Rechten wirkt sofort.",
        "Administrative Rechte des Anbieters nur für namentlich benannte Personen, Vier-Augen-Prinzip bei der Vergabe; halbjährliche Überprüfung aller Berechtigungen.",
        "API-Schlüssel werden nur als Hash gespeichert und im Klartext ausschließlich einmal bei der Erzeugung angezeigt; ein erneuerter Schlüssel macht den alten sofort ungültig.",
        "Datenträger werden vor der Wiederverwendung oder Entsorgung nach dem Stand der Technik gelöscht bzw. zertifiziert vernichtet (DIN 66399, Schutzklasse ≥ 2).",
      ],
    },
    {
      heading: "4. Weitergabekontrolle",
      paragraphs: [
        "Personenbezogene Daten können bei der elektronischen Übertragung, während ihres Transports oder ihrer Speicherung auf Datenträgern nicht unbefugt gelesen, kopiert, verändert oder entfernt werden.",
      ],
      bullets: [
        "Transportverschlüsselung mit TLS ≥ 1.2 für alle Verbindungen zur Anwendung; Sitzungs-Cookies nur über verschlüsselte Verbindungen und nicht für Skripte lesbar.",
        "Verschlüsselte Verbindungen auch intern zwischen Anwendung, Datenbank und Sicherungsspeicher.",
        "Keine Weitergabe von Daten an Dritte ohne dokumentierte Weisung des Auftraggebers; Unterauftragsverarbeiter nur nach vorheriger Genehmigung.",
        "Exporte (z. B. Word-Export) nur für Benutzer mit ausdrücklich erteilter Berechtigung; jeder Export wird protokolliert.",
        "E-Mails des Systems (Passwort-Rücksetzung, Support-Tickets) enthalten keine Inhalte des Servicekatalogs über das Notwendige hinaus.",
      ],
    },
    {
      heading: "5. Eingabekontrolle",
      paragraphs: [
        "Es kann nachträglich überprüft und festgestellt werden, ob und von wem personenbezogene Daten in Datenverarbeitungssysteme eingegeben, verändert oder entfernt worden sind.",
      ],
      bullets: [
        "Lückenloses Aktivitätsprotokoll in ServiceHub: jede Änderung mit Zeitpunkt, handelnder Person sowie altem und neuem Wert.",
        "Gelöschte Services werden zunächst in den Papierkorb verschoben und können wiederhergestellt werden.",
        "Protokolle der Server und der Cloud-Infrastruktur werden manipulationsgeschützt gespeichert und ≥ 90 Tage aufbewahrt.",
        "Geheimnisse wie Passwörter und Token werden nie protokolliert.",
        "Zugriff auf Protokolle nur für berechtigte Administratoren; die Protokolle selbst sind nicht änderbar.",
      ],
    },
    {
      heading: "6. Auftragskontrolle",
      paragraphs: [
        "Personenbezogene Daten, die im Auftrag verarbeitet werden, werden nur entsprechend den Weisungen des Auftraggebers verarbeitet.",
      ],
      bullets: [
        "Vertrag über die Auftragsverarbeitung nach Art. 28 DSGVO mit jedem Auftraggeber; Weisungen werden schriftlich oder in Textform dokumentiert.",
        "Sorgfältige Auswahl der Unterauftragsverarbeiter, Verträge mit gleichwertigen Datenschutzpflichten, regelmäßige Kontrolle ihrer Zertifikate und Prüfberichte.",
        "Verpflichtung aller Mitarbeitenden auf die Vertraulichkeit und jährliche Datenschutz- und Sicherheitsschulungen.",
        "Benannter Datenschutzbeauftragter; Meldung einer Verletzung des Schutzes personenbezogener Daten an den Auftraggeber spätestens innerhalb von 36 Stunden nach Bekanntwerden.",
        "Rückgabe oder Löschung aller Daten nach Vertragsende nach Wahl des Auftraggebers, mit Bestätigung in Textform.",
      ],
    },
    {
      heading: "7. Verfügbarkeitskontrolle",
      paragraphs: [
        "Personenbezogene Daten sind gegen zufällige Zerstörung oder Verlust geschützt.",
      ],
      bullets: [
        "Tägliche vollständige Datensicherung, verschlüsselt und in einem räumlich getrennten Rechenzentrum innerhalb der EU gespeichert; Aufbewahrung ≥ 30 Tage.",
        "Unterbrechungsfreie Stromversorgung, Notstromaggregate, redundante Klimatisierung, Brandfrüherkennung und Löschanlagen in den Rechenzentren.",
        "Überwachung von Verfügbarkeit, Auslastung und Fehlern rund um die Uhr mit automatischer Alarmierung der Bereitschaft.",
        "Angestrebte Verfügbarkeit der Anwendung ≥ 99,5 % im Monatsmittel, ausgenommen angekündigte Wartungsfenster.",
        "Geplante Wartungsarbeiten werden mindestens drei Werktage im Voraus angekündigt.",
        "Schutz vor Schadsoftware und Angriffen: Firewall, Begrenzung der Anfragen je Client, regelmäßige Sicherheitsupdates.",
      ],
    },
    {
      heading: "8. Trennungsgebot",
      paragraphs: [
        "Zu unterschiedlichen Zwecken erhobene Daten können getrennt verarbeitet werden.",
      ],
      bullets: [
        "Jeder Auftraggeber erhält eine eigene Instanz mit eigener Datenbank (Mandantentrennung).",
        "Strikte Trennung von Entwicklungs-, Test- und Produktivsystemen; Tests verwenden ausschließlich künstlich erzeugte Daten.",
        "Getrennte Zugangsdaten und Schlüssel je Umgebung und je Instanz.",
        "Verwendung der Daten ausschließlich zu dem im Vertrag festgelegten Zweck.",
      ],
    },
    {
      heading: "9. Pseudonymisierung und Verschlüsselung",
      paragraphs: [
        "Soweit es der Zweck der Verarbeitung erlaubt, werden Daten pseudonymisiert; Daten werden bei der Übertragung und bei der Speicherung verschlüsselt.",
      ],
      bullets: [
        "Verschlüsselung der Datenträger und Sicherungen mit AES-256 (Verschlüsselung ruhender Daten).",
        "Passwörter, Rücksetz-Token und API-Schlüssel nur als Hash; Sitzungs-Cookies signiert und ohne personenbezogene Inhalte.",
        "Verwaltung kryptografischer Schlüssel in einem Schlüsselverwaltungsdienst des Cloud-Anbieters mit Zugriffsprotokollierung und regelmäßigem Schlüsselwechsel.",
        "Auswertungen für Betrieb und Fehleranalyse nur mit pseudonymisierten oder aggregierten Daten.",
      ],
    },
    {
      heading: "10. Belastbarkeit der Systeme",
      paragraphs: [
        "Die Systeme und Dienste sind so ausgelegt, dass sie auch unter hoher Last und bei Teilausfällen zuverlässig arbeiten (Art. 32 Abs. 1 lit. b DSGVO).",
      ],
      bullets: [
        "Mehrere Anwendungsprozesse je Instanz; ein ausgefallener Prozess wird automatisch ersetzt.",
        "Lasttests vor jeder größeren Version mit ≥ 100.000 Services je Katalog.",
        "Begrenzung von Upload-Größen und Anfrageraten, damit einzelne Clients die Verfügbarkeit nicht beeinträchtigen.",
        "Kapazitätsplanung auf Grundlage der Überwachungsdaten mit Reserven von ≥ 50 % für Spitzenlasten.",
      ],
    },
    {
      heading: "11. Wiederherstellung nach einem Zwischenfall",
      paragraphs: [
        "Die Verfügbarkeit der personenbezogenen Daten und der Zugang zu ihnen können bei einem physischen oder technischen Zwischenfall rasch wiederhergestellt werden (Art. 32 Abs. 1 lit. c DSGVO).",
      ],
      bullets: [
        "Dokumentierter Notfallplan mit Zuständigkeiten, Meldewegen und Wiederanlaufreihenfolge.",
        "Wiederherstellungszeit (RTO) ≤ 8 Stunden und maximaler Datenverlust (RPO) ≤ 24 Stunden.",
        "Halbjährliche Wiederherstellungstests aus den Sicherungen, deren Ergebnisse protokolliert werden.",
        "Infrastruktur als Code: Systeme lassen sich automatisiert und reproduzierbar neu aufbauen.",
      ],
    },
    {
      heading: "12. Verfahren zur regelmäßigen Überprüfung, Bewertung und Evaluierung",
      paragraphs: [
        "Die Wirksamkeit der technischen und organisatorischen Maßnahmen wird regelmäßig überprüft, bewertet und evaluiert (Art. 32 Abs. 1 lit. d DSGVO).",
      ],
      bullets: [
        "Informationssicherheits-Managementsystem angelehnt an ISO/IEC 27001 mit jährlicher interner Prüfung.",
        "Jährlicher Penetrationstest durch einen unabhängigen Dienstleister; kritische Befunde werden innerhalb von ≤ 14 Tagen behoben.",
        "Automatisierte Prüfung aller Abhängigkeiten auf bekannte Schwachstellen bei jeder Änderung.",
        "Datenschutzfreundliche Voreinstellungen (Art. 25 DSGVO) und Sicherheitsprüfung jeder Änderung im Vier-Augen-Prinzip vor der Auslieferung.",
        "Auswertung von Sicherheitsvorfällen und Beinahe-Vorfällen mit Anpassung der Maßnahmen; Fortschreibung dieses Dokuments mindestens einmal jährlich.",
      ],
    },
  ],
  closing: [
    "Der Auftraggeber kann sich nach vorheriger Anmeldung mit angemessener Frist von der Einhaltung dieser Maßnahmen überzeugen, insbesondere durch Einsicht in aktuelle Zertifikate, Prüfberichte oder Auszüge daraus.",
  ],
  footer: "Seite {page} von {pages}",
  subject: "Technische und organisatorische Maßnahmen nach Art. 32 DSGVO",
  keywords: "T.O.M., DSGVO, Art. 32, Datensicherheit, Auftragsverarbeitung",
};
