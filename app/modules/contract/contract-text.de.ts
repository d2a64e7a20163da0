import type { ContractText } from "./contract";

/**
 * The data-processing agreement under Art. 28 GDPR in German — the binding version (spec 01 §2
 * "Contract screen"; main terms in §9). Plain strings: the page numbers sections and paragraphs.
 */
const contractTextDe: ContractText = {
  title: "Vertrag über die Verarbeitung personenbezogener Daten im Auftrag gemäß Art. 28 DSGVO",
  preamble: [
    "zwischen dem Kunden, der ServiceHub nutzt, als Verantwortlichem (nachfolgend „Auftraggeber“) und dem Anbieter von ServiceHub als Auftragsverarbeiter (nachfolgend „Auftragnehmer“), gemeinsam „die Parteien“.",
    "Dieser Vertrag konkretisiert die datenschutzrechtlichen Rechte und Pflichten der Parteien, die sich aus der Bereitstellung und dem Betrieb der Anwendung ServiceHub als Software-as-a-Service nach dem zwischen den Parteien geschlossenen Nutzungsvertrag (nachfolgend „Hauptvertrag“) ergeben. Er gilt für alle Tätigkeiten, bei denen Beschäftigte des Auftragnehmers oder von ihm beauftragte Dritte personenbezogene Daten des Auftraggebers verarbeiten oder Zugriff auf solche Daten erhalten können.",
  ],
  sections: [
    {
      title: "Gegenstand und Dauer des Auftrags",
      paragraphs: [
        "Gegenstand des Auftrags ist die Bereitstellung, der Betrieb, die Wartung und der Support der webbasierten Anwendung ServiceHub, mit der der Auftraggeber seine IT- und Geschäftsservices beschreibt, prüft und veröffentlicht. Der Auftragnehmer verarbeitet personenbezogene Daten dabei ausschließlich im Auftrag und nach den dokumentierten Weisungen des Auftraggebers.",
        "Die Laufzeit dieses Vertrags richtet sich nach der Laufzeit des Hauptvertrags. Der Vertrag beginnt mit seiner Annahme in ServiceHub und endet mit der Beendigung des Hauptvertrags, ohne dass es einer gesonderten Kündigung bedarf. Pflichten, die ihrer Natur nach über das Vertragsende hinaus fortbestehen, insbesondere die Pflichten zur Vertraulichkeit sowie zur Rückgabe und Löschung der Daten, bleiben unberührt.",
        "Jede Partei kann diesen Vertrag mit einer Frist von vier Wochen zum Monatsende kündigen. Da die Leistungen des Hauptvertrags ohne Auftragsverarbeitung nicht erbracht werden können, gilt eine solche Kündigung zugleich als Kündigung des Hauptvertrags zum selben Zeitpunkt.",
        "Das Recht jeder Partei zur außerordentlichen Kündigung aus wichtigem Grund bleibt unberührt. Ein wichtiger Grund liegt für den Auftraggeber insbesondere vor, wenn der Auftragnehmer schwerwiegend gegen die Bestimmungen der DSGVO oder gegen Pflichten aus diesem Vertrag verstößt, eine rechtmäßige Weisung des Auftraggebers nicht ausführen kann oder will oder Kontrollrechte des Auftraggebers vertragswidrig verweigert.",
        "Kündigungen bedürfen der Textform. Widersprechen sich Regelungen dieses Vertrags und des Hauptvertrags, gehen in allen Fragen des Datenschutzes die Regelungen dieses Vertrags vor.",
      ],
    },
    {
      title: "Art, Zweck und Umfang der Verarbeitung",
      paragraphs: [
        "Art der Verarbeitung: Erheben, Erfassen, Organisieren, Ordnen, Speichern, Anpassen und Verändern, Auslesen, Abfragen, Verwenden, Offenlegen durch Übermittlung an berechtigte Nutzerinnen und Nutzer des Auftraggebers, Abgleichen, Einschränken, Löschen und Vernichten von Daten, jeweils im Rahmen des Betriebs von ServiceHub.",
        "Zweck der Verarbeitung ist die Bereitstellung der im Hauptvertrag vereinbarten Funktionen, insbesondere die Verwaltung von Benutzerkonten, Rollen und Berechtigungen, die Pflege des Service-Katalogs und seiner Stammdaten, die Protokollierung von Änderungen zu deren Nachvollziehbarkeit, der Versand von Systembenachrichtigungen per E-Mail sowie die Bearbeitung von Support-Anfragen des Auftraggebers.",
        "Art der Daten: Stammdaten der Nutzerinnen und Nutzer (Name, dienstliche E-Mail-Adresse, Rolle, Berechtigungen, Spracheinstellung); Anmelde- und Sitzungsdaten (Zeitpunkt der Anmeldung, Kennung des verwendeten Browsers, technische Verbindungsdaten); Protokolldaten über Änderungen an Datensätzen; Namen und Kontaktdaten von Service-Ownern, deren Vertretungen, Ansprechpartnern und Dienstleistern; Inhalte von Support-Anfragen; sonstige Angaben, die der Auftraggeber in Freitextfeldern erfasst.",
        "Kreis der betroffenen Personen: Beschäftigte des Auftraggebers und mit ihm verbundener Unternehmen, Beschäftigte von Dienstleistern und Lieferanten des Auftraggebers sowie Ansprechpartnerinnen und Ansprechpartner seiner Kunden, soweit sie in ServiceHub erfasst werden.",
        "Besondere Kategorien personenbezogener Daten im Sinne des Art. 9 DSGVO sowie Daten über strafrechtliche Verurteilungen und Straftaten sind nicht Gegenstand der Verarbeitung. Der Auftraggeber stellt sicher, dass solche Daten nicht in ServiceHub erfasst werden, sofern die Parteien nichts anderes in Textform vereinbart haben.",
      ],
    },
    {
      title: "Ort der Verarbeitung",
      paragraphs: [
        "Die Verarbeitung der Daten findet ausschließlich in Mitgliedstaaten der Europäischen Union statt. Dies gilt für die Speicherung einschließlich aller Datensicherungen ebenso wie für jeden Zugriff im Rahmen von Betrieb, Wartung, Fernwartung und Support.",
        "Jede Verlagerung der Verarbeitung oder von Teilen davon in ein Land außerhalb der Europäischen Union, einschließlich eines Zugriffs aus einem solchen Land, bedarf der vorherigen Zustimmung des Auftraggebers in Textform und ist nur zulässig, wenn die besonderen Voraussetzungen der Art. 44 ff. DSGVO erfüllt sind.",
        "Der Auftragnehmer verpflichtet seine Unterauftragsverarbeiter vertraglich auf dieselbe Beschränkung und überzeugt sich regelmäßig von deren Einhaltung.",
      ],
    },
    {
      title: "Weisungen des Auftraggebers und Pflichten des Auftragnehmers",
      paragraphs: [
        "Der Auftragnehmer verarbeitet die Daten nur auf dokumentierte Weisung des Auftraggebers, sofern er nicht durch das Recht der Union oder eines Mitgliedstaats, dem er unterliegt, zu einer Verarbeitung verpflichtet ist; in einem solchen Fall teilt er dem Auftraggeber diese rechtlichen Anforderungen vor der Verarbeitung mit, soweit das betreffende Recht dies nicht verbietet. Die Weisungen ergeben sich aus dem Hauptvertrag, diesem Vertrag und der Nutzung und Konfiguration von ServiceHub durch den Auftraggeber; Einzelweisungen erteilt der Auftraggeber in Textform. Mündliche Weisungen bestätigt der Auftraggeber unverzüglich in Textform.",
        "Weisungsberechtigt sind die Personen, die der Auftraggeber in ServiceHub als Administratorinnen und Administratoren eingerichtet hat, sowie weitere Personen, die er dem Auftragnehmer in Textform benennt.",
        "Ist der Auftragnehmer der Ansicht, dass eine Weisung gegen die DSGVO oder andere Datenschutzvorschriften verstößt, weist er den Auftraggeber unverzüglich darauf hin. Er ist berechtigt, die Ausführung der Weisung auszusetzen, bis der Auftraggeber sie bestätigt oder ändert.",
        "Der Auftragnehmer setzt bei der Verarbeitung nur Beschäftigte ein, die auf die Vertraulichkeit verpflichtet und mit den für sie maßgeblichen Bestimmungen des Datenschutzes vertraut gemacht worden sind. Die Verpflichtung zur Vertraulichkeit besteht auch nach Beendigung ihrer Tätigkeit und nach Ende dieses Vertrags fort.",
        "Der Auftragnehmer verwendet die Daten für keine anderen Zwecke, insbesondere nicht für eigene Zwecke wie Werbung oder Analysen über den Auftrag hinaus. Kopien oder Duplikate werden ohne Wissen des Auftraggebers nicht erstellt; ausgenommen sind Datensicherungen, soweit sie zur ordnungsgemäßen Verarbeitung erforderlich sind, sowie Daten, die zur Einhaltung gesetzlicher Aufbewahrungspflichten benötigt werden.",
        "Der Auftragnehmer hat, soweit gesetzlich vorgeschrieben, eine Datenschutzbeauftragte oder einen Datenschutzbeauftragten benannt und teilt dem Auftraggeber deren beziehungsweise dessen Kontaktdaten auf Anfrage mit. Er führt ein Verzeichnis aller Kategorien von im Auftrag durchgeführten Tätigkeiten der Verarbeitung nach Art. 30 Abs. 2 DSGVO.",
      ],
    },
    {
      title: "Technische und organisatorische Maßnahmen; Wartung",
      paragraphs: [
        "Der Auftragnehmer trifft alle nach Art. 32 DSGVO erforderlichen technischen und organisatorischen Maßnahmen, um ein dem Risiko angemessenes Schutzniveau zu gewährleisten. Die Maßnahmen sind in dem Dokument „Technische und organisatorische Maßnahmen“ (T.O.M.) beschrieben, das in ServiceHub unter den Einstellungen abrufbar ist; es ist Bestandteil dieses Vertrags.",
        "Die Maßnahmen dienen der dauerhaften Sicherstellung der Vertraulichkeit, Integrität, Verfügbarkeit und Belastbarkeit der Systeme und Dienste. Sie umfassen insbesondere die verschlüsselte Übertragung aller Daten, die Speicherung von Passwörtern ausschließlich als kryptografische Hashwerte, ein rollenbasiertes Berechtigungskonzept, die Protokollierung von Änderungen sowie regelmäßige, verschlüsselte Datensicherungen mit erprobter Wiederherstellung.",
        "Die technischen und organisatorischen Maßnahmen unterliegen dem technischen Fortschritt und der Weiterentwicklung. Der Auftragnehmer darf sie durch gleichwertige oder bessere Maßnahmen ersetzen, sofern das vereinbarte Schutzniveau nicht unterschritten wird. Wesentliche Änderungen dokumentiert er und teilt sie dem Auftraggeber mit.",
        "Geplante Wartungsarbeiten, welche die Verfügbarkeit von ServiceHub einschränken, kündigt der Auftragnehmer mindestens drei Werktage im Voraus an, und zwar durch eine Systemnachricht in ServiceHub oder per E-Mail an die Administratorinnen und Administratoren des Auftraggebers. Die Ankündigung nennt den Beginn und die voraussichtliche Dauer der Arbeiten. Der Auftragnehmer legt Wartungsarbeiten nach Möglichkeit außerhalb der üblichen Geschäftszeiten.",
        "Wartungsarbeiten, die zur Abwehr einer unmittelbaren Gefahr für die Sicherheit der Daten unaufschiebbar sind, insbesondere das Einspielen kritischer Sicherheitsaktualisierungen, darf der Auftragnehmer ohne Vorankündigung durchführen. Er informiert den Auftraggeber in diesem Fall unverzüglich nachträglich über Anlass und Umfang.",
        "Der Auftragnehmer überprüft, bewertet und evaluiert die Wirksamkeit der technischen und organisatorischen Maßnahmen regelmäßig, mindestens einmal jährlich, und dokumentiert das Ergebnis.",
      ],
    },
    {
      title: "Unterauftragsverhältnisse",
      paragraphs: [
        "Der Auftragnehmer darf weitere Auftragsverarbeiter (Unterauftragsverarbeiter) nur mit vorheriger Genehmigung des Auftraggebers in Anspruch nehmen. Nicht als Unterauftragsverhältnisse gelten Nebenleistungen, die der Auftragnehmer bei Dritten in Anspruch nimmt, etwa Telekommunikationsleistungen, Post- und Transportdienste oder die Entsorgung von Datenträgern; der Auftragnehmer trifft jedoch auch hierfür angemessene vertragliche Vereinbarungen und Kontrollmaßnahmen zum Schutz der Daten.",
        "Der Auftraggeber genehmigt hiermit die Beauftragung eines Cloud-Anbieters mit Rechenzentren in der Europäischen Union für das Hosting von ServiceHub, einschließlich Rechenzentrumsbetrieb, Servern, Speicher und Datensicherung, als Unterauftragsverarbeiter. Den Namen des Anbieters und die Standorte der Rechenzentren teilt der Auftragnehmer dem Auftraggeber auf Anfrage mit.",
        "Beabsichtigt der Auftragnehmer, einen weiteren Unterauftragsverarbeiter hinzuzuziehen oder einen bestehenden zu ersetzen, informiert er den Auftraggeber mindestens vier Wochen im Voraus in Textform. Der Auftraggeber kann der Änderung innerhalb von zwei Wochen nach Zugang der Information aus wichtigem datenschutzrechtlichem Grund widersprechen. Können sich die Parteien nicht einigen, ist jede Partei berechtigt, den Hauptvertrag und diesen Vertrag zum Zeitpunkt der beabsichtigten Änderung zu kündigen.",
        "Der Auftragnehmer gestaltet die Verträge mit Unterauftragsverarbeitern so, dass diesen dieselben Datenschutzpflichten auferlegt werden, die in diesem Vertrag festgelegt sind, und dass hinreichende Garantien für geeignete technische und organisatorische Maßnahmen bestehen. Kommt ein Unterauftragsverarbeiter seinen Datenschutzpflichten nicht nach, haftet der Auftragnehmer gegenüber dem Auftraggeber für die Einhaltung der Pflichten jenes Unterauftragsverarbeiters.",
        "Unterauftragsverarbeiter dürfen die Daten ausschließlich in Mitgliedstaaten der Europäischen Union verarbeiten; § 3 gilt entsprechend.",
      ],
    },
    {
      title: "Unterstützung des Auftraggebers; Rechte der betroffenen Personen",
      paragraphs: [
        "Der Auftragnehmer unterstützt den Auftraggeber angesichts der Art der Verarbeitung nach Möglichkeit mit geeigneten technischen und organisatorischen Maßnahmen dabei, seine Pflichten zur Beantwortung von Anträgen auf Wahrnehmung der Rechte der betroffenen Personen nach Kapitel III der DSGVO zu erfüllen, insbesondere auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung und Datenübertragbarkeit. ServiceHub stellt hierfür Funktionen zur Verfügung, mit denen der Auftraggeber Daten selbst einsehen, berichtigen, exportieren und löschen kann.",
        "Wendet sich eine betroffene Person unmittelbar an den Auftragnehmer, leitet dieser das Ersuchen unverzüglich an den Auftraggeber weiter. Der Auftragnehmer erteilt Auskünfte an Dritte oder an betroffene Personen nur nach vorheriger Weisung des Auftraggebers.",
        "Der Auftragnehmer unterstützt den Auftraggeber unter Berücksichtigung der Art der Verarbeitung und der ihm zur Verfügung stehenden Informationen bei der Einhaltung der in den Art. 32 bis 36 DSGVO genannten Pflichten, insbesondere bei Datenschutz-Folgenabschätzungen und einer etwaigen vorherigen Konsultation der Aufsichtsbehörde.",
        "Unterstützungsleistungen, die nicht im Hauptvertrag enthalten sind und nicht auf einem Fehlverhalten des Auftragnehmers beruhen, kann der Auftragnehmer nach den im Hauptvertrag vereinbarten Sätzen vergütet verlangen.",
      ],
    },
    {
      title: "Meldung von Verletzungen des Schutzes personenbezogener Daten",
      paragraphs: [
        "Der Auftragnehmer meldet dem Auftraggeber jede Verletzung des Schutzes personenbezogener Daten unverzüglich, spätestens jedoch innerhalb von 36 Stunden, nachdem sie ihm bekannt geworden ist. Dasselbe gilt für den begründeten Verdacht einer solchen Verletzung sowie für schwerwiegende Störungen des Betriebsablaufs, die die Sicherheit der Daten gefährden.",
        "Die Meldung enthält, soweit bekannt, eine Beschreibung der Art der Verletzung einschließlich der Kategorien und der ungefähren Zahl der betroffenen Personen und Datensätze, den Namen und die Kontaktdaten einer Anlaufstelle für weitere Informationen, eine Beschreibung der wahrscheinlichen Folgen sowie der ergriffenen oder vorgeschlagenen Maßnahmen zur Behebung der Verletzung und zur Abmilderung ihrer möglichen nachteiligen Auswirkungen. Soweit diese Informationen nicht zur gleichen Zeit bereitgestellt werden können, stellt der Auftragnehmer sie ohne unangemessene weitere Verzögerung schrittweise zur Verfügung.",
        "Die Meldung erfolgt in Textform an die Administratorinnen und Administratoren des Auftraggebers und zusätzlich an eine vom Auftraggeber benannte Ansprechperson.",
        "Der Auftragnehmer ergreift unverzüglich die erforderlichen Maßnahmen zur Sicherung der Daten und zur Minderung möglicher nachteiliger Folgen für die betroffenen Personen und dokumentiert die Verletzung, ihre Auswirkungen und die ergriffenen Abhilfemaßnahmen. Die Meldung an die Aufsichtsbehörde und die Benachrichtigung der betroffenen Personen nach Art. 33 und 34 DSGVO obliegen dem Auftraggeber; der Auftragnehmer unterstützt ihn dabei so, dass der Auftraggeber die gesetzliche Frist von 72 Stunden einhalten kann.",
      ],
    },
    {
      title: "Kontrollrechte des Auftraggebers; Löschung und Rückgabe",
      paragraphs: [
        "Der Auftraggeber ist berechtigt, sich von der Einhaltung der Pflichten aus diesem Vertrag zu überzeugen. Der Auftragnehmer stellt ihm hierzu auf Anfrage alle erforderlichen Informationen zur Verfügung, insbesondere aktuelle Testate, Zertifikate oder Berichte unabhängiger Prüfer, etwa eine Zertifizierung nach ISO/IEC 27001 des Hosting-Anbieters, sowie geeignete Selbstauskünfte.",
        "Reichen diese Nachweise im Einzelfall nicht aus, kann der Auftraggeber nach rechtzeitiger Anmeldung, in der Regel mindestens zwei Wochen im Voraus, Kontrollen vor Ort während der üblichen Geschäftszeiten durchführen oder durch einen zur Verschwiegenheit verpflichteten Prüfer durchführen lassen. Kontrollen sind so durchzuführen, dass der Betriebsablauf nicht unverhältnismäßig gestört wird und die Vertraulichkeit der Daten anderer Kunden des Auftragnehmers gewahrt bleibt.",
        "Der Auftragnehmer informiert den Auftraggeber unverzüglich über Kontrollhandlungen und Maßnahmen der Aufsichtsbehörde, soweit sie sich auf diesen Auftrag beziehen. Sollten die Daten beim Auftragnehmer durch Pfändung, Beschlagnahme, ein Insolvenzverfahren oder sonstige Ereignisse oder Maßnahmen Dritter gefährdet werden, informiert er den Auftraggeber ebenfalls unverzüglich und weist die Dritten darauf hin, dass die Verantwortung für die Daten ausschließlich beim Auftraggeber liegt.",
        "Nach Beendigung des Hauptvertrags stellt der Auftragnehmer dem Auftraggeber auf dessen Wunsch sämtliche Daten in einem gängigen, maschinenlesbaren Format zur Verfügung. Anschließend, spätestens 30 Tage nach Vertragsende, löscht er die Daten einschließlich aller Kopien datenschutzgerecht, soweit nicht nach dem Recht der Union oder eines Mitgliedstaats eine Verpflichtung zur Speicherung besteht. Datensicherungen werden im Rahmen des regulären Sicherungszyklus überschrieben. Die Löschung bestätigt der Auftragnehmer auf Anforderung in Textform.",
      ],
    },
    {
      title: "Haftung und Schlussbestimmungen",
      paragraphs: [
        "Für die Haftung gegenüber betroffenen Personen gilt Art. 82 DSGVO. Im Innenverhältnis der Parteien gelten die Haftungsregelungen des Hauptvertrags, soweit nicht zwingende gesetzliche Vorschriften entgegenstehen.",
        "Dieser Vertrag wird elektronisch geschlossen: Eine für den Auftraggeber handelnde Person nimmt ihn in ServiceHub durch Eingabe ihres Namens an. Name und Zeitpunkt der Annahme werden dokumentiert und in ServiceHub angezeigt. Änderungen und Ergänzungen dieses Vertrags bedürfen der Textform; dies gilt auch für den Verzicht auf dieses Formerfordernis.",
        "Alle Fristen und Zeitangaben in diesem Vertrag richten sich nach mitteleuropäischer Zeit (MEZ, während der Sommerzeit MESZ). Werktage im Sinne dieses Vertrags sind die Tage von Montag bis Freitag mit Ausnahme der bundeseinheitlichen gesetzlichen Feiertage in Deutschland.",
        "Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss der Verweisungsnormen des internationalen Privatrechts. Der Gerichtsstand richtet sich nach dem Hauptvertrag.",
        "Sollten einzelne Bestimmungen dieses Vertrags ganz oder teilweise unwirksam sein oder werden, berührt dies die Wirksamkeit der übrigen Bestimmungen nicht. An die Stelle der unwirksamen Bestimmung tritt diejenige wirksame Regelung, die dem mit ihr verfolgten Zweck unter Beachtung der Anforderungen der DSGVO am nächsten kommt.",
        "Dieser Vertrag liegt in deutscher und englischer Sprache vor. Maßgeblich ist die deutsche Fassung; die englische Fassung dient nur der Information.",
      ],
    },
  ],
};

export default contractTextDe;
