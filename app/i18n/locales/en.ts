import common from "./common.en";
import auth from "../../modules/access/i18n/auth.en";
import settings from "../../modules/settings/i18n/settings.en";
import dashboard from "../../modules/dashboard/i18n/dashboard.en";
import history from "./history.en";
import basedata from "../../modules/basedata/i18n/basedata.en";
import catalogue from "../../modules/catalogue/i18n/catalogue.en";
import structure from "../../modules/catalogue/i18n/structure.en";
import lifecycle from "../../modules/service/i18n/lifecycle.en";
import service from "../../modules/service/i18n/service.en";
import servicechildren from "../../modules/service/i18n/servicechildren.en";
import users from "../../modules/users/i18n/users.en";
import grants from "../../modules/users/i18n/grants.en";
import logs from "../../modules/logs/i18n/logs.en";
import sessions from "../../modules/settings/i18n/sessions.en";
import attributes from "../../modules/attributes/i18n/attributes.en";
import masks from "../../modules/masks/i18n/masks.en";
import headlines from "../../modules/masks/i18n/headlines.en";
import appearance from "../../modules/appearance/i18n/appearance.en";
import contract from "../../modules/contract/i18n/contract.en";
import tom from "../../modules/tom/i18n/tom.en";
import support from "../../modules/support/i18n/support.en";
import systeminfo from "../../modules/systeminfo/i18n/systeminfo.en";
import credits from "../../modules/credits/i18n/credits.en";
import catalogframe from "../../modules/catalogframe/i18n/catalogframe.en";
import wordexport from "../../modules/wordexport/i18n/wordexport.en";
import tools from "../../modules/tools/i18n/tools.en";
import ai from "../../modules/ai/i18n/ai.en";
import factory from "../../modules/factory/i18n/factory.en";
import reports from "../../modules/reports/i18n/reports.en";
import sla from "../../modules/sla/i18n/sla.en";
import mywork from "../../modules/mywork/i18n/mywork.en";
import notifications from "../../modules/notifications/i18n/notifications.en";
import comments from "../../modules/comments/i18n/comments.en";
import translations from "../../modules/translations/i18n/translations.en";
import views from "../../modules/views/i18n/views.en";
import releases from "../../modules/releases/i18n/releases.en";
import releasecompare from "../../modules/releases/i18n/releasecompare.en";
import releaseshare from "../../modules/releases/i18n/releaseshare.en";
import documentation from "../../modules/documentation/i18n/documentation.en";
import productinfo from "../../modules/productinfo/i18n/productinfo.en";
import type { Resources } from "./de";

const en: Resources = {
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

export default en;
