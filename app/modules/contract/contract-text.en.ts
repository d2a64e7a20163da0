import type { ContractText } from "./contract";

/**
 * The data-processing agreement under Art. 28 GDPR in English — a translation of the binding
 * German version (contract-text.de.ts); same sections, same paragraphs, same terms.
 */
const contractTextEn: ContractText = {
  title: "Agreement on the Processing of Personal Data on Behalf of a Controller under Art. 28 GDPR",
  preamble: [
    "between the customer using ServiceHub as controller (hereinafter the “Controller”) and the provider of ServiceHub as processor (hereinafter the “Processor”), together “the Parties”.",
    "This agreement sets out the data-protection rights and obligations of the Parties arising from the provision and operation of the ServiceHub application as software as a service under the service agreement concluded between the Parties (hereinafter the “Main Contract”). It applies to all activities in which employees of the Processor, or third parties engaged by it, process personal data of the Controller or may gain access to such data.",
  ],
  sections: [
    {
      title: "Subject matter and term",
      paragraphs: [
        "The subject matter of this agreement is the provision, operation, maintenance and support of the web application ServiceHub, in which the Controller describes, reviews and publishes its IT and business services. In doing so, the Processor processes personal data solely on behalf of the Controller and on its documented instructions.",
        "The term of this agreement follows the term of the Main Contract. The agreement takes effect when it is accepted in ServiceHub and ends when the Main Contract ends, without the need for separate notice. Obligations that by their nature survive the end of the agreement, in particular confidentiality and the return and deletion of data, remain unaffected.",
        "Either Party may terminate this agreement with four weeks' notice to the end of a calendar month. As the services under the Main Contract cannot be provided without processing on behalf of the Controller, such notice also terminates the Main Contract with effect from the same date.",
        "Each Party's right to terminate for good cause remains unaffected. Good cause exists for the Controller in particular where the Processor seriously breaches the GDPR or its obligations under this agreement, cannot or will not carry out a lawful instruction of the Controller, or refuses the Controller's audit rights in breach of this agreement.",
        "Notice of termination must be given in text form. Where the provisions of this agreement conflict with those of the Main Contract, the provisions of this agreement prevail in all matters of data protection.",
      ],
    },
    {
      title: "Nature, purpose and scope of the processing",
      paragraphs: [
        "Nature of the processing: collection, recording, organisation, structuring, storage, adaptation and alteration, retrieval, consultation, use, disclosure by transmission to authorised users of the Controller, alignment, restriction, erasure and destruction of data, in each case in the course of operating ServiceHub.",
        "The purpose of the processing is to provide the functions agreed in the Main Contract, in particular the administration of user accounts, roles and permissions, the maintenance of the service catalogue and its master data, the logging of changes so that they can be traced, the sending of system notifications by e-mail and the handling of the Controller's support requests.",
        "Types of data: master data of users (name, business e-mail address, role, permissions, language preference); sign-in and session data (time of sign-in, identifier of the browser used, technical connection data); logs of changes to records; names and contact details of service owners, their deputies, contact persons and service providers; the content of support requests; any other information the Controller records in free-text fields.",
        "Categories of data subjects: employees of the Controller and its affiliated companies, employees of the Controller's service providers and suppliers, and contact persons of its customers, to the extent that they are recorded in ServiceHub.",
        "Special categories of personal data within the meaning of Art. 9 GDPR and data relating to criminal convictions and offences are not subject to the processing. The Controller ensures that no such data is recorded in ServiceHub unless the Parties have agreed otherwise in text form.",
      ],
    },
    {
      title: "Place of processing",
      paragraphs: [
        "The data is processed exclusively in member states of the European Union. This applies to storage, including all backups, as well as to any access in the course of operation, maintenance, remote maintenance and support.",
        "Any transfer of the processing or of parts of it to a country outside the European Union, including access from such a country, requires the Controller's prior consent in text form and is permitted only where the specific conditions of Art. 44 et seq. GDPR are met.",
        "The Processor binds its sub-processors contractually to the same restriction and regularly satisfies itself that they comply with it.",
      ],
    },
    {
      title: "Instructions of the Controller and obligations of the Processor",
      paragraphs: [
        "The Processor processes the data only on documented instructions from the Controller, unless required to do so by Union or member-state law to which the Processor is subject; in such a case, the Processor informs the Controller of that legal requirement before processing, unless that law prohibits such information. The instructions are given by the Main Contract, this agreement and the Controller's use and configuration of ServiceHub; individual instructions are given by the Controller in text form. The Controller confirms oral instructions in text form without delay.",
        "Instructions may be given by the persons the Controller has set up as administrators in ServiceHub and by any further persons the Controller names to the Processor in text form.",
        "If the Processor considers that an instruction infringes the GDPR or other data-protection provisions, it informs the Controller without delay. It is entitled to suspend carrying out the instruction until the Controller confirms or changes it.",
        "The Processor employs for the processing only staff who have committed themselves to confidentiality and who have been made familiar with the data-protection provisions relevant to them. The obligation of confidentiality continues after their employment and after the end of this agreement.",
        "The Processor does not use the data for any other purpose, in particular not for its own purposes such as advertising or analyses beyond the scope of this agreement. No copies or duplicates are made without the Controller's knowledge, except for backups to the extent that they are necessary for proper processing and data needed to comply with statutory retention obligations.",
        "Where required by law, the Processor has appointed a data protection officer and communicates that officer's contact details to the Controller on request. It maintains a record of all categories of processing activities carried out on behalf of the Controller in accordance with Art. 30(2) GDPR.",
      ],
    },
    {
      title: "Technical and organisational measures; maintenance",
      paragraphs: [
        "The Processor takes all technical and organisational measures required by Art. 32 GDPR to ensure a level of security appropriate to the risk. The measures are described in the document “Technical and Organisational Measures” (T.O.M.), which is available in ServiceHub under the settings; it forms part of this agreement.",
        "The measures serve to ensure the ongoing confidentiality, integrity, availability and resilience of the systems and services. They include in particular encrypted transmission of all data, storage of passwords only as cryptographic hashes, a role-based permission concept, logging of changes, and regular encrypted backups whose restoration is tested.",
        "The technical and organisational measures are subject to technical progress and further development. The Processor may replace them with equivalent or better measures, provided that the agreed level of protection is not reduced. The Processor documents material changes and informs the Controller of them.",
        "The Processor announces planned maintenance that restricts the availability of ServiceHub at least three working days in advance, by a system message in ServiceHub or by e-mail to the Controller's administrators. The announcement states when the work begins and how long it is expected to last. Where possible, the Processor schedules maintenance outside normal business hours.",
        "The Processor may carry out maintenance without prior announcement where it cannot be postponed without an immediate risk to the security of the data, in particular the installation of critical security updates. In that case it informs the Controller of the reason and the extent without delay afterwards.",
        "The Processor regularly tests, assesses and evaluates the effectiveness of the technical and organisational measures, at least once a year, and documents the result.",
      ],
    },
    {
      title: "Sub-processing",
      paragraphs: [
        "The Processor may engage further processors (sub-processors) only with the Controller's prior authorisation. Ancillary services that the Processor obtains from third parties, such as telecommunication services, postal and transport services or the disposal of data carriers, are not sub-processing; the Processor nevertheless concludes appropriate contractual arrangements and carries out appropriate checks to protect the data in these cases as well.",
        "The Controller hereby authorises the engagement of a cloud provider with data centres in the European Union as sub-processor for hosting ServiceHub, including data-centre operation, servers, storage and backups. The Processor gives the Controller the name of the provider and the locations of its data centres on request.",
        "If the Processor intends to engage a further sub-processor or to replace an existing one, it informs the Controller in text form at least four weeks in advance. The Controller may object to the change within two weeks of receiving the information on important data-protection grounds. If the Parties cannot reach agreement, either Party may terminate the Main Contract and this agreement with effect from the date of the intended change.",
        "The Processor's contracts with sub-processors impose on them the same data-protection obligations as are set out in this agreement and provide sufficient guarantees of appropriate technical and organisational measures. Where a sub-processor fails to fulfil its data-protection obligations, the Processor remains liable to the Controller for the performance of that sub-processor's obligations.",
        "Sub-processors may process the data exclusively in member states of the European Union; section 3 applies accordingly.",
      ],
    },
    {
      title: "Assistance to the Controller; rights of data subjects",
      paragraphs: [
        "Taking into account the nature of the processing, the Processor assists the Controller by appropriate technical and organisational measures, insofar as this is possible, in fulfilling its obligation to respond to requests from data subjects exercising their rights under Chapter III GDPR, in particular the rights of access, rectification, erasure, restriction of processing and data portability. ServiceHub provides functions for this with which the Controller can view, correct, export and delete data itself.",
        "If a data subject contacts the Processor directly, the Processor forwards the request to the Controller without delay. The Processor gives information to third parties or data subjects only on the Controller's prior instruction.",
        "Taking into account the nature of the processing and the information available to it, the Processor assists the Controller in complying with the obligations set out in Art. 32 to 36 GDPR, in particular with data protection impact assessments and any prior consultation of the supervisory authority.",
        "The Processor may charge for assistance that is not included in the Main Contract and is not caused by a breach on the Processor's part at the rates agreed in the Main Contract.",
      ],
    },
    {
      title: "Notification of personal data breaches",
      paragraphs: [
        "The Processor notifies the Controller of every personal data breach without undue delay, and at the latest within 36 hours after becoming aware of it. The same applies to a well-founded suspicion of such a breach and to serious disruptions of operations that endanger the security of the data.",
        "The notification contains, as far as known, a description of the nature of the breach including the categories and approximate number of data subjects and records concerned, the name and contact details of a contact point where more information can be obtained, a description of the likely consequences, and the measures taken or proposed to address the breach and to mitigate its possible adverse effects. Where this information cannot be provided at the same time, the Processor provides it in phases without undue further delay.",
        "The notification is sent in text form to the Controller's administrators and additionally to a contact person named by the Controller.",
        "The Processor takes the measures necessary to secure the data and to mitigate possible adverse consequences for the data subjects without delay, and documents the breach, its effects and the remedial action taken. Notifying the supervisory authority and communicating the breach to the data subjects under Art. 33 and 34 GDPR is the Controller's responsibility; the Processor assists the Controller so that the Controller can meet the statutory deadline of 72 hours.",
      ],
    },
    {
      title: "Audit rights of the Controller; deletion and return",
      paragraphs: [
        "The Controller is entitled to satisfy itself that the obligations under this agreement are complied with. For this purpose, the Processor provides all necessary information on request, in particular current attestations, certificates or reports of independent auditors, such as an ISO/IEC 27001 certification of the hosting provider, and suitable self-assessments.",
        "If this evidence is not sufficient in an individual case, the Controller may, after giving reasonable notice, as a rule at least two weeks in advance, carry out on-site inspections during normal business hours or have them carried out by an auditor bound to confidentiality. Inspections are to be carried out in such a way that operations are not disrupted disproportionately and the confidentiality of the data of the Processor's other customers is preserved.",
        "The Processor informs the Controller without delay of inspections and measures by the supervisory authority insofar as they relate to this agreement. Should the data held by the Processor be endangered by attachment, seizure, insolvency proceedings or other events or measures of third parties, the Processor likewise informs the Controller without delay and points out to the third parties that responsibility for the data lies solely with the Controller.",
        "After the Main Contract ends, the Processor makes all data available to the Controller in a common machine-readable format if the Controller so wishes. It then deletes the data, including all copies, in a manner compliant with data protection, at the latest 30 days after the end of the agreement, unless Union or member-state law requires the data to be stored. Backups are overwritten in the course of the regular backup cycle. The Processor confirms the deletion in text form on request.",
      ],
    },
    {
      title: "Liability and final provisions",
      paragraphs: [
        "Liability towards data subjects is governed by Art. 82 GDPR. Between the Parties, the liability provisions of the Main Contract apply unless mandatory statutory provisions provide otherwise.",
        "This agreement is concluded electronically: a person acting for the Controller accepts it in ServiceHub by entering their name. The name and the time of acceptance are documented and shown in ServiceHub. Amendments and additions to this agreement must be made in text form; this also applies to any waiver of this form requirement.",
        "All deadlines and times in this agreement are in central European time (CET, or CEST during summer time). Working days within the meaning of this agreement are Monday to Friday, excluding public holidays observed throughout Germany.",
        "This agreement is governed by the law of the Federal Republic of Germany, excluding the conflict-of-law rules of private international law. The place of jurisdiction is determined by the Main Contract.",
        "Should individual provisions of this agreement be or become invalid in whole or in part, the validity of the remaining provisions is not affected. The invalid provision is replaced by the valid provision that comes closest to its purpose while meeting the requirements of the GDPR.",
        "This agreement exists in German and English. The German version is binding; the English version is provided for information only.",
      ],
    },
  ],
};

export default contractTextEn;
