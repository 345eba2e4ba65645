import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import type { Db } from "#server/db/client.ts";
import { AppError, errorBody } from "#server/lib/app-error.ts";
import { checkKey, type FileStore } from "#server/lib/file-store.ts";
import { createRouter } from "#server/lib/router.ts";
import { requireViewer } from "#server/middleware/session.ts";
import { languages } from "#shared/i18n.ts";
import { avatarMaxBytes, updateProfileSchema } from "#shared/schemas/profile.schema.ts";
import { errorBodySchema } from "#shared/schemas/errors.schema.ts";
import {
  getProfile,
  removeAvatar,
  setAvatar,
  sharesHousehold,
  updateProfile,
} from "./profile.service.ts";

const profileSchema = z.object({
  email: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  dateOfBirth: z.string().nullable().openapi({ description: "YYYY-MM-DD" }),
  bio: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  preferredLanguage: z.enum(languages),
  avatarUrl: z.string().nullable(),
});

const errorContent = { "application/json": { schema: errorBodySchema } };
const unauthenticated = { 401: { description: "Not signed in", content: errorContent } };
const invalid = { 400: { description: "A field is not valid", content: errorContent } };

const getRoute = createRoute({
  method: "get",
  path: "/profile",
  summary: "The signed-in person's profile",
  responses: {
    200: { description: "The profile", content: { "application/json": { schema: profileSchema } } },
    ...unauthenticated,
  },
});

const patchRoute = createRoute({
  method: "patch",
  path: "/profile",
  summary: "Changes any of the profile's fields; an empty text clears an optional one",
  request: {
    body: { content: { "application/json": { schema: updateProfileSchema } }, required: true },
  },
  responses: {
    200: {
      description: "The saved profile",
      content: { "application/json": { schema: profileSchema } },
    },
    ...invalid,
    ...unauthenticated,
  },
});

/** Room for the multipart envelope around a 2 MB file; a bigger body is refused unread. */
const uploadLimit = avatarMaxBytes + 64 * 1024;

export const uploadRoute = createRoute({
  method: "post",
  path: "/profile/avatar",
  summary: "Sets the avatar: a JPEG, PNG or WebP image (by content) of at most 2 MB",
  middleware: [
    bodyLimit({
      maxSize: uploadLimit,
      onError: (c) =>
        c.json(
          errorBody("VALIDATION", "The image is larger than 2 MB. Choose a smaller one.", {
            file: "The image is larger than 2 MB.",
          }),
          400,
        ),
    }),
  ] as const,
  request: {
    body: {
      content: {
        "multipart/form-data": {
          schema: z.object({
            file: z
              .instanceof(File, { error: "Choose an image file to upload." })
              .openapi({ type: "string", format: "binary" }),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: {
      description: "Stored; the profile points at it",
      content: { "application/json": { schema: z.object({ avatarUrl: z.string() }) } },
    },
    ...invalid,
    ...unauthenticated,
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/profile/avatar",
  summary: "Removes the avatar",
  responses: {
    200: {
      description: "Removed",
      content: { "application/json": { schema: z.object({ avatarUrl: z.null() }) } },
    },
    ...unauthenticated,
  },
});

/** The names setAvatar gives: `<timestamp>.<ext>`. */
const avatarFilePattern = /^\d+\.(jpg|png|webp)$/;

export function profileRoutes(deps: { db: Db; fileStore: FileStore }) {
  return (
    createRouter()
      .openapi(getRoute, async (c) => {
        const viewer = requireViewer(c);
        return c.json(await getProfile(deps.db, viewer), 200);
      })
      .openapi(patchRoute, async (c) => {
        const viewer = requireViewer(c);
        return c.json(await updateProfile(deps.db, viewer, c.req.valid("json")), 200);
      })
      .openapi(uploadRoute, async (c) => {
        const viewer = requireViewer(c);
        const { file } = c.req.valid("form");
        const bytes = new Uint8Array(await file.arrayBuffer());
        return c.json(await setAvatar(deps.db, deps.fileStore, viewer, bytes), 200);
      })
      .openapi(deleteRoute, async (c) => {
        const viewer = requireViewer(c);
        await removeAvatar(deps.db, deps.fileStore, viewer);
        return c.json({ avatarUrl: null }, 200);
      })
      // A file's bytes, not JSON: a plain handler. Only people of the same household see it.
      .get("/files/avatars/:userId/:file", async (c) => {
        const viewer = requireViewer(c);
        const { userId, file } = c.req.param();
        const notFound = new AppError("NOT_FOUND", "There is no such file.");
        if (!avatarFilePattern.test(file)) throw notFound;
        let key: string;
        try {
          key = checkKey(`avatars/${userId}/${file}`);
        } catch {
          throw notFound;
        }
        if (!(await sharesHousehold(deps.db, viewer, userId))) throw notFound;
        const stored = await deps.fileStore.get(key);
        if (!stored) throw notFound;
        c.header("content-type", stored.contentType);
        c.header("cache-control", "private, max-age=3600");
        c.header("x-content-type-options", "nosniff");
        return c.body(new Uint8Array(stored.bytes), 200);
      })
  );
}
