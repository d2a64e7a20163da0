/**
 * A service's responsible people (issue 36 §3, docs/decisions/0076-responsible-people.md): user
 * accounts, named by the service itself or as representatives of one of its owners. One concept:
 * every "who is responsible" question (the service page, "My work", notifications) reads the union.
 */
export interface ResponsiblePerson {
  id: number;
  name: string;
  /** Named by the service itself. */
  direct: boolean;
  /** The owners that name this person as a representative. */
  via: string[];
}

/** How many user accounts the service page's picker lists (no JS: a multi-select). */
export const PEOPLE_CHOICES_MAX = 500;

/** The service page's section: who is responsible, and (editor open) the accounts to choose from. */
export interface PeoplePanel {
  list: ResponsiblePerson[];
  choices: { id: number; name: string; email: string }[] | null;
}
