/**
 * The catalogue API's description (issue 18 §1) and the billing endpoint (issue 19 §5), served at /api/openapi.json. A test validates it
 * against the OpenAPI 3.1 schema and checks real answers against the response schemas below.
 */
const str = { type: "string" } as const;
const nstr = { type: ["string", "null"] } as const;
const int = { type: "integer" } as const;
const nint = { type: ["integer", "null"] } as const;
const names = { type: "array", items: str } as const;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const page = (item: string) => ({
  type: "object",
  required: ["data", "current_page", "last_page", "per_page", "total", "next_page_url", "prev_page_url"],
  properties: {
    data: { type: "array", items: ref(item) },
    current_page: int,
    last_page: int,
    per_page: int,
    total: int,
    from: nint,
    to: nint,
    next_page_url: nstr,
    prev_page_url: nstr,
  },
});

const listOf = (item: string) => ({ type: "object", required: ["data"], properties: { data: { type: "array", items: ref(item) } } });

const answers = (schema: object, description: string) => ({
  "200": { description, content: { "application/json": { schema } } },
  "401": { description: "Missing, wrong or rotated key", content: { "application/json": { schema: ref("Message") } } },
  "429": { description: "Too many requests for this key this minute", content: { "application/json": { schema: ref("Message") } } },
});

const orderId = { name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1 } };
const orderAnswer = (extra: object) => ({ type: "object", required: ["order"], properties: { order: ref("Order"), ...extra } });
const message = (description: string) => ({ description, content: { "application/json": { schema: ref("Message") } } });

const langParam = {
  name: "lang",
  in: "query",
  required: false,
  description: "A content language (ISO 639-1): the translated texts in it where a translation exists; the original elsewhere (see `language`, `untranslated`).",
  schema: { type: "string", pattern: "^[a-z]{2,3}$" },
};
const badLang = { "400": { description: "`lang` is no language code", content: { "application/json": { schema: ref("Message") } } } };
const fieldsByLanguage = (values: object) => ({ type: "object", additionalProperties: { type: "object", additionalProperties: values } });

const pageParam = { name: "page", in: "query", required: false, schema: { type: "integer", minimum: 1, default: 1 } };

export const OPENAPI_DOCUMENT = {
  openapi: "3.1.0",
  info: {
    title: "ServiceHub catalogue API",
    // The API's own version: it changes when the published shape does, not with every release.
    version: "1.0.0",
    description:
      "Read-only API another ServiceHub imports services from (template import). Only approved, non-deleted services are published. Lists are paged, 50 a page, ordered by id. Besides, the billing side reads a credit order and marks it paid (completed) or failed.",
  },
  security: [{ apiKey: [] }],
  paths: {
    "/api/servicecatalog": { get: { operationId: "listCatalogues", summary: "Catalogues with counts", responses: answers(listOf("Catalogue"), "The catalogues") } },
    "/api/areas": { get: { operationId: "listAreas", summary: "Areas", parameters: [pageParam], responses: answers(page("Area"), "One page of areas") } },
    "/api/categories": { get: { operationId: "listCategories", summary: "Categories", parameters: [pageParam], responses: answers(page("Category"), "One page of categories") } },
    "/api/services": {
      get: { operationId: "listServices", summary: "Published services", parameters: [pageParam, langParam], responses: { ...answers(page("Service"), "One page of services"), ...badLang } },
    },
    "/api/services/{id}": {
      get: {
        operationId: "getService",
        summary: "One published service",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }, langParam],
        responses: {
          ...answers({ type: "object", required: ["data"], properties: { data: ref("Service") } }, "The service"),
          ...badLang,
          "404": { description: "Not published or unknown", content: { "application/json": { schema: ref("Message") } } },
        },
      },
    },
    "/api/releases": { get: { operationId: "listReleases", summary: "Published releases of the catalogues, newest first", responses: answers(listOf("Release"), "The releases") } },
    "/api/releases/{id}/services": {
      get: {
        operationId: "listReleaseServices",
        summary: "The services of a release, as it was published (the shape of /api/services)",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "integer" } }, pageParam],
        responses: { ...answers(page("Service"), "One page of the release's services"), "404": message("Unknown or withdrawn release") },
      },
    },
    "/api/factory/kpis": { get: { operationId: "listKpis", summary: "Service levels", responses: answers(listOf("Kpi"), "All service levels") } },
    "/api/factory/providers": { get: { operationId: "listProviders", summary: "Service providers", responses: answers(listOf("Provider"), "All providers") } },
    "/api/billing/orders/{id}": {
      get: {
        operationId: "getCreditOrder",
        security: [{ billingKey: [] }],
        summary: "A credit order, to check amount and status before charging",
        parameters: [orderId],
        responses: { ...answers(orderAnswer({}), "The order"), "404": message("Unknown order") },
      },
      post: {
        operationId: "setCreditOrderStatus",
        security: [{ billingKey: [] }],
        summary: "Mark a pending credit order paid (completed: its credits count for 12 months) or failed",
        description: "Repeating the order's current status changes nothing (changed: false); another outcome of a processed order is refused with 409.",
        parameters: [orderId],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { type: "object", required: ["status"], properties: { status: { type: "string", enum: ["completed", "failed"] } } } } },
        },
        responses: {
          ...answers(orderAnswer({ changed: { type: "boolean" } }), "The order after the change"),
          "404": message("Unknown order"),
          "409": { description: "The order was already processed otherwise", content: { "application/json": { schema: orderAnswer({ message: str }) } } },
          "413": message("Body too large"),
          "415": message("Body is not JSON"),
          "422": message("Status is neither completed nor failed"),
        },
      },
    },
  },
  components: {
    securitySchemes: {
      apiKey: { type: "apiKey", in: "header", name: "X-Api-Key", description: "The key from the Api-Key settings of the serving instance." },
      billingKey: { type: "apiKey", in: "header", name: "X-Api-Key", description: "BILLING_API_KEY of the serving instance's environment (the billing side only)." },
    },
    schemas: {
      Message: { type: "object", required: ["message"], properties: { message: str } },
      Catalogue: {
        type: "object",
        required: ["id", "title", "areas_count", "categories_count", "services_count"],
        properties: { id: int, title: nstr, areas_count: int, categories_count: int, services_count: int },
      },
      Area: { type: "object", required: ["id", "name"], properties: { id: int, name: str, description: nstr, service_catalogue_id: nint, position: int } },
      Category: {
        type: "object",
        required: ["id", "name", "service_area_id", "services_count"],
        properties: { id: int, name: str, description: nstr, service_area_id: nint, area_name: nstr, service_catalogue_id: nint, position: int, services_count: int },
      },
      Option: { type: "object", required: ["name"], properties: { name: str, short_description: nstr, description: nstr, art_nr: nstr, costs: { type: "number" }, position: int } },
      Responsibility: { type: "object", required: ["pos", "client", "it"], properties: { pos: int, description: nstr, client: int, it: int } },
      Link: { type: "object", required: ["url"], properties: { url: str, position: int } },
      Service: {
        type: "object",
        required: ["id", "name", "category_id", "options", "responsibilities", "links", "owners", "providers", "kpis", "tags", "required_services"],
        properties: {
          id: int,
          name: str,
          service_catalogue_id: nint,
          category_id: nint,
          category_name: nstr,
          area_id: nint,
          area_name: nstr,
          short_description: nstr,
          description: nstr,
          content: nstr,
          advantages: nstr,
          servicetype: str,
          costs: nstr,
          options: { type: "array", items: ref("Option") },
          responsibilities: { type: "array", items: ref("Responsibility") },
          links: { type: "array", items: ref("Link") },
          owners: names,
          providers: names,
          kpis: names,
          tags: names,
          required_services: names,
          content_language: { ...str, description: "The language the catalogue's content is written in" },
          translations: { ...fieldsByLanguage(str), description: "Translations into the catalogue's further languages: language → field → text" },
          outdated_translations: { type: "object", additionalProperties: names, description: "Per language, the fields whose original changed after they were translated" },
          language: { ...str, description: "With `lang`: the language shown (the original's when the catalogue does not offer the one asked for)" },
          untranslated: { ...names, description: "With `lang`: fields shown in the original for want of a translation" },
        },
        additionalProperties: true,
      },
      Release: {
        type: "object",
        required: ["id", "catalogue_id", "label", "published_at", "services_count", "areas_count", "categories_count"],
        properties: { id: int, catalogue_id: int, catalogue_title: nstr, label: str, published_at: str, services_count: int, areas_count: int, categories_count: int },
      },
      Kpi: { type: "object", required: ["id", "name"], properties: { id: int, name: str, definition: nstr, calculation: nstr, measuring_points: nstr } },
      Order: {
        type: "object",
        required: ["id", "value", "status", "package", "ordered_at", "status_changed_at", "completed_at", "expires_at", "consumed"],
        properties: {
          id: int,
          value: { type: "integer", description: "Credits ordered" },
          status: { type: "string", enum: ["pending", "completed", "failed", "cancelled"] },
          package: { type: ["string", "null"], enum: ["starter", "professional", "enterprise", null] },
          ordered_at: str,
          status_changed_at: nstr,
          completed_at: nstr,
          expires_at: { type: ["string", "null"], description: "Until when the credits count (12 months after completion)" },
          consumed: int,
          user_name: nstr,
        },
      },
      Provider: { type: "object", required: ["id", "name"], properties: { id: int, name: str, description: nstr, city: nstr, country: nstr, email_contact: nstr, website_link: nstr } },
    },
  },
} as const;
