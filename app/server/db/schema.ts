/**
 * Kysely types for every table created by `migrations/`. Conventions (see migrations/lib/columns.ts):
 * timestamps are ISO-8601 UTC strings, booleans are 0/1 integers, JSON is text, pictures are base64
 * text plus a `*_mime` column. `Generated<...>` marks columns the database fills when an insert
 * omits them (ids, timestamps with a default, defaults such as status 'open').
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Role } from "../../modules/access/roles";

export type { Role };

export const SERVICE_STATUSES = ["open", "checking", "closed"] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export const SERVICE_TYPES = ["customer", "it"] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const SECTION_TYPES = ["Paragraph", "Table", "Section"] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

export const TOKEN_ORDER_STATUSES = ["pending", "completed", "failed", "cancelled"] as const;
export type TokenOrderStatus = (typeof TOKEN_ORDER_STATUSES)[number];

/** Migration 0017: the packages an order may name (amounts in app/modules/credits/credits.ts). */
export const TOKEN_PACKAGES = ["starter", "professional", "enterprise"] as const;
export type TokenPackage = (typeof TOKEN_PACKAGES)[number];

/** Migration 0017: unlimited use, or the monthly contingent plus bought credits. */
export const TOKEN_MODES = ["unlimitedUse", "contingent"] as const;
export type TokenMode = (typeof TOKEN_MODES)[number];

export const ATTRIBUTE_MASK_TARGETS = ["area", "category"] as const;
export type AttributeMaskTarget = (typeof ATTRIBUTE_MASK_TARGETS)[number];

/** The ten dropdown slot words, in order ("one" … "ten"). */
export const DROPDOWN_SLOTS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"] as const;
export type DropdownSlot = (typeof DROPDOWN_SLOTS)[number];

/** Id of the static catalogue. */
export const STATIC_CATALOGUE_ID = -1;
/** Id of the single service-area config row. */
export const SERVICE_AREA_CONFIG_ID = 1;

/** ISO-8601 UTC timestamp with a database default of "now" (may be omitted on insert). */
export type Timestamp = Generated<string>;
/** 0/1 flag with a database default. */
export type Flag = Generated<number>;
/** Integer with a database default (positions, counters). */
export type DefaultInt = Generated<number>;

// ---------------------------------------------------------------------------------------- access

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string | null;
  role: Generated<Role>;
  azure_user: Flag;
  email_verified_at: string | null;
  two_factor_secret: string | null;
  two_factor_recovery_codes: string | null;
  /** JSON object. */
  settings: string | null;
  privacy_accepted: Flag;
  word_export: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set by every sign-in (migration 0010). */
  last_login_at: string | null;
  /** The language of the user's mails (migration 0031): the interface language they last chose. */
  mail_language: string | null;
}

/** Migration 0012: API keys, stored hashed (issue 16). */
/** One row (id 1): moved by triggers with every write to what the catalogue API shows (migration 0023). */
export interface CatalogueChangesTable {
  id: number;
  version: number | string;
  last_tx: number | string | null;
}

export interface ApiRequestCountsTable {
  key_id: number;
  /** ISO minute the window starts at. */
  window_start: string;
  count: DefaultInt;
}

export interface ApiKeysTable {
  id: Generated<number>;
  prefix: string;
  key_hash: string;
  created_by: number | null;
  created_at: Timestamp;
  revoked_at: string | null;
}

export interface SessionsTable {
  /** Random token. */
  id: string;
  user_id: number;
  /** JSON object. */
  data: Generated<string>;
  expires_at: string;
  created_at: Timestamp;
  user_agent: string | null;
  /** Refreshed at most every few minutes while the session is used (migration 0010). */
  last_seen_at: string | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: Timestamp;
}

export interface PasswordResetRequestsTable {
  id: Generated<number>;
  /** Lower-case. */
  email: string;
  /** The client address as server.mjs resolved it ("unknown" without one). */
  ip: string;
  /** 1 when a mail was sent for this request. */
  mailed: Generated<number>;
  created_at: Timestamp;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  /** Lower-case. */
  email: string;
  ip: string | null;
  /** The known device a failure was made with (decision 0046); null for unknown devices. */
  device: string | null;
  created_at: Timestamp;
}

export interface SettingsTable {
  key: string;
  /** JSON. */
  value: string;
  updated_at: Timestamp;
}

export interface AuthenticatedUsersTable {
  id: Generated<number>;
  user_id: number;
  azure_id: string;
  /** The Entra ID tenant (`tid`) the object id belongs to; accounts are found by both (decision 0047). */
  tenant_id: string | null;
  email: string | null;
  name: string | null;
  /** JSON array. */
  azure_groups: string | null;
  /** JSON array (each with roleValue). */
  azure_roles: string | null;
  last_login: string | null;
  /** JSON object. */
  additional_data: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ActivitiesTable {
  id: Generated<number>;
  subject_type: string;
  subject_id: string | null;
  event: string;
  causer_id: number | null;
  causer_name: string | null;
  /** JSON object. */
  old_values: string | null;
  /** JSON object. */
  new_values: string | null;
  description: string | null;
  created_at: Timestamp;
}

export interface UserCategoryPermissionsTable {
  user_id: number;
  category_id: number;
}

export interface UserServicePermissionsTable {
  user_id: number;
  service_id: number;
}

// ------------------------------------------------------------------------------------- base data

export interface OwnersTable {
  id: Generated<number>;
  name: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OwnerRepresentativesTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  email: string | null;
  position: DefaultInt;
}

/** In-app notifications (issue 36 §5): one per recipient and event. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  service_id: number | null;
  actor_name: string | null;
  created_at: Timestamp;
  read_at: string | null;
  /** Migration 0031: "inapp", "mail" (at once, through the outbox) or "digest" (weekly). */
  delivery: Generated<string>;
  mailed_at: string | null;
  /** A sender's lease on the mail; another sender takes it over once it has passed. */
  mail_claimed_until: string | null;
}

/** Each user's delivery per notification kind (migration 0031); no row: in the app only. */
export interface NotificationPrefsTable {
  user_id: number;
  kind: string;
  delivery: string;
}

/** Comments on services (migration 0032): `thread_id` null on a thread's first comment. */
export interface ServiceCommentsTable {
  id: Generated<number>;
  service_id: number;
  thread_id: number | null;
  author_id: number | null;
  author_name: string;
  /** The Markdown as written; rendered and sanitised when shown. */
  body: string;
  created_at: Timestamp;
  edited_at: string | null;
  resolved_at: string | null;
  resolved_by: string | null;
}

export interface CommentMentionsTable {
  comment_id: number;
  user_id: number;
}

/** A catalogue's further content languages (migration 0034). */
export interface CatalogueLanguagesTable {
  catalogue_id: number;
  language: string;
}

/** A translation of one text field (migration 0034), with the source it was made from. */
export interface ContentTranslationsTable {
  /** Migration 0037: the full-text index's stable key (SQLite); the unique key is the next four columns. */
  id: Generated<number>;
  subject_type: string;
  subject_id: number;
  field: string;
  language: string;
  value: string;
  source_hash: string;
  source_value: string;
  updated_at: Timestamp;
  updated_by: number | null;
}

/** An assistant's translation proposal (migration 0036), until accepted or discarded. */
export interface TranslationProposalsTable {
  user_id: number;
  service_id: number;
  language: string;
  field: string;
  value: string;
  source_value: string;
  created_at: Timestamp;
}

/** One row per scheduled job, period and user (migration 0031): a claim with a lease, then done. */
export interface ScheduleRunsTable {
  job: string;
  period: string;
  user_id: number;
  claimed_until: string | null;
  done_at: string | null;
}

/** User accounts an owner names as its representatives (issue 36 §3). */
export interface OwnerUsersTable {
  owner_id: number;
  user_id: number;
}

/** User accounts a service names as responsible for it (issue 36 §3). */
export interface ServiceResponsibleUsersTable {
  service_id: number;
  user_id: number;
}

export interface KpisTable {
  id: Generated<number>;
  name: string;
  definition: string | null;
  calculation: string | null;
  measuring_points: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProvidersTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  street: string | null;
  zipcode: string | null;
  city: string | null;
  country: string | null;
  contact_person: string | null;
  email_contact: string | null;
  website_link: string | null;
  company_profile: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TermDefinitionsTable {
  id: Generated<number>;
  term: string;
  link: string | null;
  definition: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TagsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CustomerDataTable {
  id: Generated<number>;
  company: string | null;
  companyadditional: string | null;
  street: string | null;
  zipcode: string | null;
  city: string | null;
  country: string | null;
  updated_at: Timestamp;
}

// ------------------------------------------------------------------------------------- catalogue

export interface ServiceCataloguesTable {
  id: Generated<number>;
  title: string | null;
  introduction: string | null;
  /** Base64. */
  picture: string | null;
  picture_mime: string | null;
  /** What customers read (issue 35 §6): the latest release once one exists, or the working copy. */
  customer_view: ColumnType<CustomerView, CustomerView | undefined, CustomerView>;
  /** Months between reviews of its services (issue 36 §1); 0: no regular review. */
  review_interval_months: DefaultInt;
  /** The language its content is written in (issue 37, migration 0034); ISO 639-1. */
  content_language: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type CustomerView = "release" | "working";

export type ServiceStage = "pipeline" | "live" | "retired";

export interface ServiceAreasTable {
  id: Generated<number>;
  service_catalogue_id: number | null;
  name: string;
  description: string | null;
  /** Base64. */
  image: string | null;
  image_mime: string | null;
  position: DefaultInt;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ServiceCategoriesTable {
  id: Generated<number>;
  service_catalogue_id: number | null;
  service_area_id: number | null;
  name: string;
  description: string | null;
  /** Base64. */
  image: string | null;
  image_mime: string | null;
  position: DefaultInt;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ServicesTable {
  id: Generated<number>;
  service_catalogue_id: number | null;
  name: string;
  category_id: number | null;
  /** HTML. */
  short_description: string | null;
  /** HTML. */
  description: string | null;
  /** HTML ("Leistungsumfang"). */
  content: string | null;
  /** HTML. */
  advantages: string | null;
  status: Generated<ServiceStatus>;
  /** 0..100. */
  statuspercent: DefaultInt;
  servicetype: Generated<ServiceType>;
  /** 0/1: a change of the service is planned (details in plannedchanges). */
  servicechangeplanned: Flag;
  art_nr: string | null;
  user: string | null;
  booking: string | null;
  restriction: string | null;
  cancelling: string | null;
  delivery_time: string | null;
  delivery_point: string | null;
  reporting: string | null;
  serviceprovidercontract: string | null;
  /** 0/1. */
  customerspecific: Flag;
  serviceart: string | null;
  plannedchanges: string | null;
  /** 0/1. */
  processingpersonaldata: Flag;
  personaldata: string | null;
  /** 0/1. */
  processingsensitivpersonaldata: Flag;
  processingpersonaldatalaw: string | null;
  personaldatastorageduration: string | null;
  personaldatatransfer: string | null;
  /** Base64. */
  picture: string | null;
  picture_mime: string | null;
  /** Free-form cost description (HTML or text). */
  costs: string | null;
  system: string | null;
  factory_service_id: number | null;
  position: DefaultInt;
  parent_service_id: number | null;
  deleted_at: string | null;
  deleted_by: number | null;
  /** Overrides the catalogue's review interval (months; 0: no regular review); null: the catalogue's. */
  review_interval_months: number | null;
  /** Where the service stands in the portfolio (issue 36 §2). */
  stage: ColumnType<ServiceStage, ServiceStage | undefined, ServiceStage>;
  /** The day (YYYY-MM-DD) a retired service stopped being offered. */
  retired_at: string | null;
  /** The service that replaces a retired one. */
  successor_id: number | null;
  /** The last approval or "still accurate" confirmation, and by whom (issue 36 §1). */
  last_reviewed_at: string | null;
  last_reviewed_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: number | null;
  updated_by: number | null;
}

export interface ServiceOptionsTable {
  id: Generated<number>;
  service_id: number;
  name: string;
  short_description: string | null;
  description: string | null;
  art_nr: string | null;
  picture: string | null;
  picture_mime: string | null;
  /** Amount in EUR (double precision). */
  costs: Generated<number>;
  position: DefaultInt;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ResponsibilitiesTable {
  id: Generated<number>;
  service_id: number;
  pos: DefaultInt;
  description: string | null;
  client: Flag;
  it: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ServiceLinksTable {
  id: Generated<number>;
  service_id: number;
  url: string;
  position: DefaultInt;
}

export interface ServiceOwnersTable {
  service_id: number;
  owner_id: number;
}

export interface ServiceProvidersTable {
  service_id: number;
  provider_id: number;
}

export interface ServiceKpisTable {
  service_id: number;
  kpi_id: number;
}

export interface ServiceTagsTable {
  service_id: number;
  tag_id: number;
}

export interface ServiceDependenciesTable {
  service_id: number;
  required_service_id: number;
}

export interface ServiceAttributeTextItemsTable {
  id: Generated<number>;
  service_id: number;
  service_attribute_item_id: number;
  text: string | null;
}

export interface ServiceDropdownItemsTable {
  id: Generated<number>;
  service_id: number;
  /** The service_attribute_items id of the dropdown attribute. */
  items_id: number;
  /** Chosen slot ("one" … "ten") or null. */
  value_reference: DropdownSlot | null;
}

// ----------------------------------------------------------------------------------------- frame

export interface CatalogFramesTable {
  id: Generated<number>;
  service_catalogue_id: number;
  title: string | null;
  introduction: string | null;
  picture: string | null;
  picture_mime: string | null;
  /** JSON. */
  priorities: string | null;
  /** JSON. */
  solution_times: string | null;
  /** JSON. */
  deployment_times: string | null;
  /** JSON. */
  key_figures: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SectionsTable {
  id: Generated<number>;
  service_catalogue_id: number;
  name: string;
  description: string | null;
  type: Generated<SectionType>;
  position: DefaultInt;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ParagraphsTable {
  id: Generated<number>;
  section_id: number;
  title: string | null;
  content: string | null;
  position: DefaultInt;
  global_position: DefaultInt;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SectionTablesTable {
  id: Generated<number>;
  section_id: number;
  title: string | null;
  /** JSON array of strings. */
  headers: Generated<string>;
  position: DefaultInt;
  global_position: DefaultInt;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TableRowsTable {
  id: Generated<number>;
  table_id: number;
  /** JSON array of strings. */
  row_values: Generated<string>;
  position: DefaultInt;
}

export interface MatrixTablesTable {
  id: Generated<number>;
  section_id: number;
  title: string | null;
  /** JSON array of strings. */
  row_headers: Generated<string>;
  /** JSON array of strings. */
  column_headers: Generated<string>;
  /** JSON array of rows (arrays of strings). */
  matrix_data: Generated<string>;
  position: DefaultInt;
  global_position: DefaultInt;
  created_at: Timestamp;
  updated_at: Timestamp;
}

// ----------------------------------------------------------------------------------------- admin

export interface ServiceHeadlinesTable {
  /** Fixed rows 1..11 from the migration. */
  id: number;
  position: number;
  headline_text_init: string;
  headline_text_custom: string | null;
}

export interface AttributeMasksTable {
  id: Generated<number>;
  name: string;
  target_model: AttributeMaskTarget;
  /** The area or category (per target_model) the mask applies to; no foreign key (migration 0011). */
  target_id: number | null;
  /** JSON array of what the mask hides: "field:<service column>", "section:<jump-to anchor>", "attribute:<service_attribute_items.id>". */
  hidden_attributes: Generated<string>;
  service_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ServiceAttributeItemsTable {
  id: Generated<number>;
  active: Flag;
  headline: Generated<string>;
  position: DefaultInt;
  /** "text" or "dropdown". */
  type: Generated<string>;
  model: string | null;
  details: string | null;
  designation: string;
  dropdown_count: DefaultInt;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AttributeDropdownsTable {
  id: Generated<number>;
  attribute_item_id: number;
  drop_down_one_value: string | null;
  drop_down_one_active: Flag;
  drop_down_two_value: string | null;
  drop_down_two_active: Flag;
  drop_down_three_value: string | null;
  drop_down_three_active: Flag;
  drop_down_four_value: string | null;
  drop_down_four_active: Flag;
  drop_down_five_value: string | null;
  drop_down_five_active: Flag;
  drop_down_six_value: string | null;
  drop_down_six_active: Flag;
  drop_down_seven_value: string | null;
  drop_down_seven_active: Flag;
  drop_down_eight_value: string | null;
  drop_down_eight_active: Flag;
  drop_down_nine_value: string | null;
  drop_down_nine_active: Flag;
  drop_down_ten_value: string | null;
  drop_down_ten_active: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ServiceAreaConfigTable {
  /** Always 1. */
  id: number;
  active: Flag;
}

export interface SupportTicketsTable {
  id: Generated<number>;
  user_id: number | null;
  /** The sender as they were when sending (migration 0013). */
  user_name: string | null;
  user_email: string | null;
  /** The host name the ticket was sent from; the subject's first word comes from it. */
  host: string | null;
  subject: string;
  /** Sanitised HTML. */
  message: string;
  /** 'open' (stored), 'sent' (mailed, sent_at), 'failed' (mail_error), 'unaddressed' (no SUPPORT_EMAIL). */
  status: Generated<string>;
  sent_at: string | null;
  mail_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SystemMessagesTable {
  id: Generated<number>;
  headline: string;
  /** HTML. */
  text: string | null;
  expiration_date: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PatchNotesTable {
  id: Generated<number>;
  headline: string;
  /** HTML. */
  text: string | null;
  version: string | null;
  patch_date: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Who has read which system message (shown once per user); key "local:<id>" or "<host>:<id or hash>". */
export interface SystemMessageReadsTable {
  user_id: number;
  message_key: string;
  read_at: Timestamp;
}

export interface TokenOrdersTable {
  id: Generated<number>;
  value: DefaultInt;
  status: Generated<TokenOrderStatus>;
  ordered_at: Timestamp;
  status_changed_at: string | null;
  completed_at: string | null;
  user_id: number | null;
  /** Migration 0017: the package ordered; null for a free amount. */
  package: TokenPackage | null;
  /** Migration 0017: JSON of the customer data at ordering time (whom the billing side invoices). */
  customer: string | null;
  /** Migration 0017: set on completion, 12 months later; the credits count until then. */
  expires_at: string | null;
  /** Migration 0017: how many of this order's credits were used. */
  consumed: DefaultInt;
}

export interface TokenUsageTable {
  id: Generated<number>;
  user_id: number | null;
  service_id: number | null;
  tokens: number;
  kind: string;
  created_at: Timestamp;
  /** Migration 0017: the part charged to the monthly contingent (the rest of `tokens` to bought credits; neither in unlimited use). */
  monthly_tokens: DefaultInt;
  /** Migration 0017: the part charged to bought credits. */
  bought_tokens: DefaultInt;
}

/** Migration 0017: the single credit configuration row (id 1). */
export interface TokenConfigurationTable {
  id: number;
  is_active: Flag;
  current_mode: Generated<TokenMode>;
  monthly_contingent: DefaultInt;
  updated_at: Timestamp;
}

/** Migration 0017: tokens held while an AI call runs; closed when settled or released. */
export interface TokenReservationsTable {
  id: Generated<number>;
  user_id: number | null;
  tokens: number;
  created_at: Timestamp;
  closed_at: string | null;
}

/** Migration 0019: what the AI assistant generated and the session has not yet accepted or discarded. */
export interface AiDraftsTable {
  id: Generated<number>;
  session_id: string;
  kind: "proposal" | "response";
  user_id: number;
  /** A proposal's service; null for a generated new service. */
  service_id: number | null;
  /** A response's requested name ("Unbenannter Service" when none was given). */
  requested_name: string | null;
  /** A response's delay in seconds (spec 02 §9). */
  delay: DefaultInt;
  /** JSON. */
  payload: string;
  /** A proposal's service version when it was generated. */
  based_on: string | null;
  created_at: Timestamp;
}

/** Migration 0020: a saved catalogue-browser state (app/modules/views), personal or shared with everyone. */
export interface SavedViewsTable {
  id: Generated<number>;
  user_id: number;
  /** The catalogue it was saved in; null once that catalogue is deleted. */
  catalogue_id: number | null;
  name: string;
  /** JSON of the normalised browser state (views-state.ts). */
  state: string;
  shared: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ReleaseContentsTable {
  /** SHA-256 (hex) of `body`. */
  hash: string;
  /** Canonical JSON (keys sorted). */
  body: string;
}

export type ReleaseState = "published" | "withdrawn";

export interface ReleasesTable {
  id: Generated<number>;
  service_catalogue_id: number;
  label: string;
  state: Generated<ReleaseState>;
  /** HTML. */
  note: string | null;
  publisher_name: string | null;
  /** Content of the catalogue's header and cover sheet at publishing. */
  header_hash: string | null;
  withdrawn_reason: string | null;
  withdrawn_at: string | null;
  withdrawn_by_name: string | null;
  published_by: number | null;
  withdrawn_by: number | null;
  service_count: DefaultInt;
  area_count: DefaultInt;
  category_count: DefaultInt;
  published_at: Timestamp;
}

export type ReleaseItemKind = "area" | "category" | "service" | "owner" | "provider" | "kpi" | "tag" | "term";

export interface ReleaseItemsTable {
  release_id: number;
  kind: ReleaseItemKind;
  /** The working-copy id the item was taken from. */
  item_id: number;
  parent_id: number | null;
  name: Generated<string>;
  position: DefaultInt;
  content_hash: string;
}

export interface ReleaseLinksTable {
  id: Generated<number>;
  release_id: number;
  /** SHA-256 (hex) of the link's token; the token itself is shown once and never stored. */
  token_hash: string;
  label: string | null;
  expires_at: string | null;
  revoked_at: string | null;
  last_access_at: string | null;
  created_by_name: string | null;
  created_by: number | null;
  access_count: DefaultInt;
  created_at: Timestamp;
}

export interface ReleaseLinkHitsTable {
  ip: string;
  window_start: string;
  count: DefaultInt;
}

// -------------------------------------------------------------------------------------- database

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  api_request_counts: ApiRequestCountsTable;
  catalogue_changes: CatalogueChangesTable;
  password_reset_tokens: PasswordResetTokensTable;
  login_attempts: LoginAttemptsTable;
  password_reset_requests: PasswordResetRequestsTable;
  settings: SettingsTable;
  authenticated_users: AuthenticatedUsersTable;
  activities: ActivitiesTable;
  user_category_permissions: UserCategoryPermissionsTable;
  user_service_permissions: UserServicePermissionsTable;

  owners: OwnersTable;
  owner_representatives: OwnerRepresentativesTable;
  owner_users: OwnerUsersTable;
  notifications: NotificationsTable;
  notification_prefs: NotificationPrefsTable;
  schedule_runs: ScheduleRunsTable;
  service_comments: ServiceCommentsTable;
  comment_mentions: CommentMentionsTable;
  catalogue_languages: CatalogueLanguagesTable;
  content_translations: ContentTranslationsTable;
  translation_proposals: TranslationProposalsTable;
  service_responsible_users: ServiceResponsibleUsersTable;
  kpis: KpisTable;
  providers: ProvidersTable;
  term_definitions: TermDefinitionsTable;
  tags: TagsTable;
  customer_data: CustomerDataTable;

  service_catalogues: ServiceCataloguesTable;
  service_areas: ServiceAreasTable;
  service_categories: ServiceCategoriesTable;
  services: ServicesTable;
  service_options: ServiceOptionsTable;
  responsibilities: ResponsibilitiesTable;
  service_links: ServiceLinksTable;
  service_owners: ServiceOwnersTable;
  service_providers: ServiceProvidersTable;
  service_kpis: ServiceKpisTable;
  service_tags: ServiceTagsTable;
  service_dependencies: ServiceDependenciesTable;
  service_attribute_text_items: ServiceAttributeTextItemsTable;
  service_dropdown_items: ServiceDropdownItemsTable;

  catalog_frames: CatalogFramesTable;
  sections: SectionsTable;
  paragraphs: ParagraphsTable;
  section_tables: SectionTablesTable;
  table_rows: TableRowsTable;
  matrix_tables: MatrixTablesTable;

  service_headlines: ServiceHeadlinesTable;
  attribute_masks: AttributeMasksTable;
  service_attribute_items: ServiceAttributeItemsTable;
  attribute_dropdowns: AttributeDropdownsTable;
  service_area_config: ServiceAreaConfigTable;
  support_tickets: SupportTicketsTable;
  system_messages: SystemMessagesTable;
  system_message_reads: SystemMessageReadsTable;
  patch_notes: PatchNotesTable;
  token_orders: TokenOrdersTable;
  token_usage: TokenUsageTable;
  token_configuration: TokenConfigurationTable;
  token_reservations: TokenReservationsTable;
  ai_drafts: AiDraftsTable;
  saved_views: SavedViewsTable;
  release_contents: ReleaseContentsTable;
  releases: ReleasesTable;
  release_items: ReleaseItemsTable;
  release_links: ReleaseLinksTable;
  release_link_hits: ReleaseLinkHitsTable;
}

export type TableName = keyof Database;

// ------------------------------------------------------------------------------------- row types

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type PasswordResetToken = Selectable<PasswordResetTokensTable>;
export type LoginAttempt = Selectable<LoginAttemptsTable>;
export type Setting = Selectable<SettingsTable>;
export type AuthenticatedUser = Selectable<AuthenticatedUsersTable>;
export type Activity = Selectable<ActivitiesTable>;
export type NewActivity = Insertable<ActivitiesTable>;

export type Owner = Selectable<OwnersTable>;
export type OwnerRepresentative = Selectable<OwnerRepresentativesTable>;
export type Kpi = Selectable<KpisTable>;
export type Provider = Selectable<ProvidersTable>;
export type TermDefinition = Selectable<TermDefinitionsTable>;
export type Tag = Selectable<TagsTable>;
export type CustomerData = Selectable<CustomerDataTable>;

export type ServiceCatalogue = Selectable<ServiceCataloguesTable>;
export type ServiceArea = Selectable<ServiceAreasTable>;
export type NewServiceArea = Insertable<ServiceAreasTable>;
export type ServiceCategory = Selectable<ServiceCategoriesTable>;
export type NewServiceCategory = Insertable<ServiceCategoriesTable>;
export type Service = Selectable<ServicesTable>;
export type NewService = Insertable<ServicesTable>;
export type ServiceUpdate = Updateable<ServicesTable>;
export type ServiceOption = Selectable<ServiceOptionsTable>;
export type NewServiceOption = Insertable<ServiceOptionsTable>;
export type Responsibility = Selectable<ResponsibilitiesTable>;
export type NewResponsibility = Insertable<ResponsibilitiesTable>;
export type ServiceLink = Selectable<ServiceLinksTable>;
export type ServiceAttributeTextItem = Selectable<ServiceAttributeTextItemsTable>;
export type ServiceDropdownItem = Selectable<ServiceDropdownItemsTable>;

export type CatalogFrame = Selectable<CatalogFramesTable>;
export type Section = Selectable<SectionsTable>;
export type Paragraph = Selectable<ParagraphsTable>;
export type SectionTable = Selectable<SectionTablesTable>;
export type TableRow = Selectable<TableRowsTable>;
export type MatrixTable = Selectable<MatrixTablesTable>;

export type ServiceHeadline = Selectable<ServiceHeadlinesTable>;
export type AttributeMask = Selectable<AttributeMasksTable>;
export type ServiceAttributeItem = Selectable<ServiceAttributeItemsTable>;
export type AttributeDropdown = Selectable<AttributeDropdownsTable>;
export type ServiceAreaConfig = Selectable<ServiceAreaConfigTable>;
export type SupportTicket = Selectable<SupportTicketsTable>;
export type SystemMessage = Selectable<SystemMessagesTable>;
export type PatchNote = Selectable<PatchNotesTable>;
export type TokenOrder = Selectable<TokenOrdersTable>;
export type TokenUsage = Selectable<TokenUsageTable>;
