import { z } from "zod";
import { languages } from "../i18n.ts";

export const updateLanguageSchema = z.object({
  language: z.enum(languages, { message: "Choose English (en) or Dutch (nl)." }),
});
export type UpdateLanguageInput = z.infer<typeof updateLanguageSchema>;
