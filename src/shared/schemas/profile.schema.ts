import { z } from "zod";
import { isIsoDate, today } from "../dates.ts";
import { languages } from "../i18n.ts";

/**
 * The profile's rules, the same for the form and the API. Each message is a plain English
 * sentence the API answers as is; the form finds its key in `profileMessages` and shows the
 * translation under `validation.<key>` of the "profile" namespace.
 */
export const profileMessages = {
  fullNameRequired: "Fill in your full name.",
  fullNameTooLong: "Your full name can have at most 100 characters.",
  phoneInvalid:
    "Enter a phone number of 6 to 20 digits; spaces, a leading +, - and parentheses are allowed.",
  dateOfBirthInvalid: "Enter a real date, like 1990-04-21.",
  dateOfBirthFuture: "Your date of birth must be in the past.",
  dateOfBirthTooEarly: "Your date of birth cannot be before 1900.",
  bioTooLong: "Your bio can have at most 500 characters.",
  streetTooLong: "The street can have at most 120 characters.",
  cityTooLong: "The city can have at most 80 characters.",
  postalCodeTooLong: "The postal code can have at most 12 characters.",
  countryTooLong: "The country can have at most 80 characters.",
  languageInvalid: "Choose English (en) or Dutch (nl).",
} as const;

export type ProfileMessageKey = keyof typeof profileMessages;

/** The key of one of `profileMessages`, or null for a message that is not one of them. */
export function profileMessageKey(message: string | undefined): ProfileMessageKey | null {
  const entry = Object.entries(profileMessages).find(([, text]) => text === message);
  return entry ? (entry[0] as ProfileMessageKey) : null;
}

export const profileLimits = {
  fullName: 100,
  bio: 500,
  street: 120,
  city: 80,
  postalCode: 12,
  country: 80,
} as const;

const phonePattern = /^\+?[0-9\s()-]+$/;

/** A phone number of a plausible shape, or "" for none. */
export function isPlausiblePhone(value: string): boolean {
  if (value === "") return true;
  if (value.length > 30 || !phonePattern.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= 6 && digits <= 20;
}

const text = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, { error: message });

const fullName = z
  .string({ error: profileMessages.fullNameRequired })
  .trim()
  .min(1, { error: profileMessages.fullNameRequired })
  .max(profileLimits.fullName, { error: profileMessages.fullNameTooLong });

const phone = z
  .string({ error: profileMessages.phoneInvalid })
  .trim()
  .refine(isPlausiblePhone, { error: profileMessages.phoneInvalid });

/** "" for none, or a real calendar date from 1900-01-01 up to yesterday. */
const dateOfBirth = z
  .string({ error: profileMessages.dateOfBirthInvalid })
  .trim()
  .refine((value) => value === "" || isIsoDate(value), {
    error: profileMessages.dateOfBirthInvalid,
    abort: true,
  })
  .refine((value) => value === "" || value >= "1900-01-01", {
    error: profileMessages.dateOfBirthTooEarly,
    abort: true,
  })
  .refine((value) => value === "" || value < today(), {
    error: profileMessages.dateOfBirthFuture,
  });

/** Every field of the profile form. Optional fields are "" when empty. */
export const profileFormSchema = z.object({
  fullName,
  phone,
  dateOfBirth,
  bio: text(profileLimits.bio, profileMessages.bioTooLong),
  street: text(profileLimits.street, profileMessages.streetTooLong),
  city: text(profileLimits.city, profileMessages.cityTooLong),
  postalCode: text(profileLimits.postalCode, profileMessages.postalCodeTooLong),
  country: text(profileLimits.country, profileMessages.countryTooLong),
  preferredLanguage: z.enum(languages, { error: profileMessages.languageInvalid }),
});
export type ProfileFormInput = z.infer<typeof profileFormSchema>;

/** PATCH /api/profile: any of the form's fields ("" clears an optional one); nothing else. */
export const updateProfileSchema = z.strictObject(profileFormSchema.partial().shape);
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** Avatars: what is accepted, checked by content. */
export const avatarMaxBytes = 2 * 1024 * 1024;
export const avatarTypes = ["image/jpeg", "image/png", "image/webp"] as const;

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return bytes.length >= at + prefix.length && prefix.every((byte, i) => bytes[at + i] === byte);
}

/** The first bytes of each accepted image type: an avatar is judged by content, never by name. */
const imageSignatures = [
  {
    contentType: "image/jpeg",
    ext: "jpg",
    test: (b: Uint8Array) => startsWith(b, [0xff, 0xd8, 0xff]),
  },
  {
    contentType: "image/png",
    ext: "png",
    test: (b: Uint8Array) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  {
    contentType: "image/webp",
    ext: "webp",
    // "RIFF", four bytes of length, "WEBP"
    test: (b: Uint8Array) =>
      startsWith(b, [0x52, 0x49, 0x46, 0x46]) && startsWith(b, [0x57, 0x45, 0x42, 0x50], 8),
  },
] as const;

/** How many leading bytes `detectImageType` needs. */
export const imageSignatureLength = 12;

/** The image type of `bytes` by content, or null when it is none of JPEG, PNG or WebP. */
export function detectImageType(
  bytes: Uint8Array,
): { contentType: (typeof avatarTypes)[number]; ext: "jpg" | "png" | "webp" } | null {
  const match = imageSignatures.find((signature) => signature.test(bytes));
  return match ? { contentType: match.contentType, ext: match.ext } : null;
}
