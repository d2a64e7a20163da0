import common from "./common.de";
import auth from "../../modules/access/i18n/auth.de";
import settings from "../../modules/settings/i18n/settings.de";
import dashboard from "../../modules/dashboard/i18n/dashboard.de";
import history from "./history.de";
import basedata from "../../modules/basedata/i18n/basedata.de";
import catalogue from "../../modules/catalogue/i18n/catalogue.de";
import structure from "../../modules/catalogue/i18n/structure.de";
import lifecycle from "../../modules/service/i18n/lifecycle.de";
import service from "../../modules/service/i18n/service.de";
import servicechildren from "../../modules/service/i18n/servicechildren.de";
import users from "../../modules/users/i18n/users.de";
import grants from "../../modules/users/i18n/grants.de";
import logs from "../../modules/logs/i18n/logs.de";
import sessions from "../../modules/settings/i18n/sessions.de";
import attributes from "../../modules/attributes/i18n/attributes.de";
import masks from "../../modules/masks/i18n/masks.de";
import headlines from "../../modules/masks/i18n/headlines.de";
import appearance from "../../modules/appearance/i18n/appearance.de";
import contract from "../../modules/contract/i18n/contract.de";
import tom from "../../modules/tom/i18n/tom.de";
import support from "../../modules/support/i18n/support.de";
import systeminfo from "../../modules/systeminfo/i18n/systeminfo.de";
import credits from "../../modules/credits/i18n/credits.de";
import catalogframe from "../../modules/catalogframe/i18n/catalogframe.de";
import wordexport from "../../modules/wordexport/i18n/wordexport.de";
import tools from "../../modules/tools/i18n/tools.de";
import ai from "../../modules/ai/i18n/ai.de";
import factory from "../../modules/factory/i18n/factory.de";
import reports from "../../modules/reports/i18n/reports.de";
import sla from "../../modules/sla/i18n/sla.de";
import mywork from "../../modules/mywork/i18n/mywork.de";
import notifications from "../../modules/notifications/i18n/notifications.de";
import comments from "../../modules/comments/i18n/comments.de";
import translations from "../../modules/translations/i18n/translations.de";
import views from "../../modules/views/i18n/views.de";
import releases from "../../modules/releases/i18n/releases.de";
import releasecompare from "../../modules/releases/i18n/releasecompare.de";
import releaseshare from "../../modules/releases/i18n/releaseshare.de";
import documentation from "../../modules/documentation/i18n/documentation.de";
import productinfo from "../../modules/productinfo/i18n/productinfo.de";
// German is the product's default language. English (en.ts) must hold exactly the same keys;
// the type of en.ts and tests/unit/i18n/resources.test.ts both enforce it. Each namespace file
// is also loaded on its own in the browser (app/i18n/namespaces.ts); this whole tree is the server's.
const de = {
  ...common,
  auth,
  settings,
  dashboard,
  history,
  basedata,
  catalogue,
  structure,
  lifecycle,
  service,
  servicechildren,
  users,
  grants,
  logs,
  sessions,
  attributes,
  masks,
  headlines,
  appearance,
  contract,
  tom,
  support,
  systeminfo,
  credits,
  catalogframe,
  wordexport,
  tools,
  ai,
  factory,
  reports,
  sla,
  mywork,
  notifications,
  comments,
  translations,
  views,
  releases,
  releasecompare,
  releaseshare,
  documentation,
  productinfo,
};

export default de;
export type Resources = typeof de;
