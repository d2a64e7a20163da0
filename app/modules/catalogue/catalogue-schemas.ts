import { z } from "zod";
import { requiredText } from "~/ui/form/fields";

/** A new catalogue: its title (admins, on the catalogue manager). */
export const NewCatalogueSchema = z.object({
  title: requiredText(255),
});
