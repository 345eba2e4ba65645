import { z } from "zod";

/**
 * Requests and answers of the household routes: members, invitations, the member limit and the
 * scope picker. The server validates with these; the client may reuse the request schemas.
 */
export const invalidEmailMessage = "Please enter a valid email address";

/** An e-mail address: trimmed and lower-cased before it is checked. */
export const inviteEmailSchema = z
  .string({ error: invalidEmailMessage })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: invalidEmailMessage }).max(254, { error: invalidEmailMessage }));

export const householdNameMaxLength = 80;

export const renameHouseholdSchema = z.object({
  name: z
    .string({ error: "Fill in a name for the household." })
    .trim()
    .min(1, { error: "Fill in a name for the household." })
    .max(householdNameMaxLength, {
      error: `The name may have at most ${householdNameMaxLength} characters.`,
    }),
});
export type RenameHouseholdInput = z.infer<typeof renameHouseholdSchema>;

const householdIdSchema = z.uuid({ error: "Choose a household." });

export const householdIdParamSchema = z.object({ householdId: z.string() });
export const idParamSchema = z.object({ id: z.string() });

export const checkMemberLimitSchema = z.object({ householdId: householdIdSchema });
export type CheckMemberLimitInput = z.infer<typeof checkMemberLimitSchema>;

export const sendInvitationSchema = z.object({
  email: inviteEmailSchema,
  householdId: householdIdSchema,
});
export type SendInvitationInput = z.infer<typeof sendInvitationSchema>;

const invitationTokenSchema = z
  .string({ error: "The invitation link is not complete." })
  .min(1, { error: "The invitation link is not complete." })
  .max(200, { error: "The invitation link is not complete." });

export const invitationTokenBodySchema = z.object({ invitationToken: invitationTokenSchema });
export type InvitationTokenInput = z.infer<typeof invitationTokenBodySchema>;

export const invitationPreviewQuerySchema = z.object({ token: invitationTokenSchema });

export const cancelInvitationSchema = z.object({
  status: z.literal("declined", { error: "An invitation can only be cancelled (declined)." }),
});

export const removeMemberSchema = z.object({
  invitationStatus: z.literal("removed", { error: "A member can only be removed." }),
});

export const updateScopeSchema = z.object({
  memberId: z.uuid({ error: "Choose the household or one of its members." }).nullable(),
});
export type UpdateScopeInput = z.infer<typeof updateScopeSchema>;

// Answers.

export const memberRoles = ["owner", "member"] as const;
export const invitationStatuses = ["pending", "accepted", "declined", "replaced"] as const;
export const previewStatuses = [...invitationStatuses, "expired"] as const;
export type PreviewStatus = (typeof previewStatuses)[number];

export const memberSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(memberRoles),
  isHousehold: z.boolean(),
  invitationStatus: z.enum(["active", "removed"]),
  createdAt: z.string(),
  userId: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isSelf: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  invitedEmail: z.string(),
  status: z.enum(invitationStatuses),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const householdSchema = z.object({ id: z.string(), name: z.string() });

export const memberLimitSchema = z.object({
  canAddMember: z.boolean(),
  message: z.string(),
  householdPlan: z.enum(["free", "premium", "pro"]),
});
export type MemberLimit = z.infer<typeof memberLimitSchema>;

export const invitationPreviewSchema = z.object({
  householdName: z.string(),
  inviterName: z.string(),
  invitedEmail: z.string(),
  status: z.enum(previewStatuses),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** The owner hands the household over to one of its people (a member's id). */
export const transferOwnershipSchema = z.object(
  { memberId: z.uuid({ error: "memberUnknown" }) },
  { error: "invalid" },
);
export type TransferOwnershipInput = z.infer<typeof transferOwnershipSchema>;
