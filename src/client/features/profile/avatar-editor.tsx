import { ImageUpIcon, LoaderCircleIcon, Trash2Icon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { Avatar, AvatarFallback, AvatarImage } from "#client/components/ui/avatar.tsx";
import { memberColour } from "#client/lib/colours.ts";
import { Button } from "#client/components/ui/button.tsx";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  DialogFooter,
  DialogHeader,
} from "#client/components/ui/dialog.tsx";
import { ApiError } from "#client/lib/api.ts";
import { translateError } from "#client/lib/errors.ts";
import { initials } from "#shared/names.ts";
import {
  avatarMaxBytes,
  avatarTypes,
  detectImageType,
  imageSignatureLength,
} from "#shared/schemas/profile.schema.ts";
import { useDeleteAvatar, useUploadAvatar } from "./profile.queries.ts";

/**
 * Why a chosen file cannot be an avatar, checked by its first bytes before it is shown or sent
 * (the server checks the same again).
 */
async function refusal(file: File): Promise<"empty" | "tooBig" | "wrongType" | null> {
  if (file.size === 0) return "empty";
  if (file.size > avatarMaxBytes) return "tooBig";
  const head = new Uint8Array(await file.slice(0, imageSignatureLength).arrayBuffer());
  return detectImageType(head) ? null : "wrongType";
}

/**
 * The picture, with upload (a preview shows at once while it is sent), replace and remove
 * (after a confirmation). Toasts say how it went.
 */
export function AvatarEditor({
  name,
  avatarUrl,
  colorIndex = 0,
}: {
  name: string;
  avatarUrl: string | null;
  colorIndex?: number;
}) {
  const { t } = useTranslation("profile");
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useDeleteAvatar();
  const [preview, setPreview] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const busy = upload.isPending || remove.isPending;

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = "";
    if (!file) return;
    const problem = await refusal(file);
    if (problem) {
      toast.error(t("toasts.avatarFailed"), { description: t(`avatar.${problem}`) });
      return;
    }
    setPreview(URL.createObjectURL(file));
    try {
      await upload.mutateAsync(file);
      toast.success(t("toasts.avatarUploaded"));
    } catch (error) {
      toast.error(t("toasts.avatarFailed"), {
        description:
          error instanceof ApiError && error.code === "VALIDATION"
            ? t("avatar.wrongType")
            : translateError(t, error),
      });
    } finally {
      setPreview(null);
    }
  };

  const confirmRemove = async () => {
    setConfirming(false);
    try {
      await remove.mutateAsync();
      toast.success(t("toasts.avatarRemoved"));
    } catch (error) {
      toast.error(t("toasts.avatarDeleteFailed"), { description: translateError(t, error) });
    }
  };

  const shown = preview ?? avatarUrl;

  return (
    <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:text-left">
      <div className="relative">
        <Avatar
          className="size-24 rounded-2xl ring-4 ring-background shadow-sm sm:size-28"
          data-testid="profile-avatar"
        >
          {shown ? <AvatarImage key={shown} src={shown} alt={t("avatar.alt")} /> : null}
          <AvatarFallback
            className="rounded-[inherit] text-2xl"
            style={{
              backgroundColor: memberColour(colorIndex).fill,
              color: memberColour(colorIndex).ink,
            }}
            aria-hidden="true"
          >
            {initials(name)}
          </AvatarFallback>
        </Avatar>
        {busy ? (
          <span className="absolute inset-0 grid place-items-center rounded-2xl bg-background/60">
            <LoaderCircleIcon className="size-6 animate-spin text-primary" aria-hidden="true" />
          </span>
        ) : null}
      </div>

      <div className="grid gap-3">
        <div className="space-y-1">
          <h3 className="font-medium">{t("avatar.title")}</h3>
          <p id="avatar-hint" className="text-sm text-muted-foreground">
            {t("avatar.hint")}
          </p>
        </div>
        <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
          <input
            ref={input}
            type="file"
            accept={avatarTypes.join(",")}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="avatar-file"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={busy}
            aria-busy={upload.isPending}
            aria-describedby="avatar-hint"
            onClick={() => input.current?.click()}
          >
            {upload.isPending ? (
              <LoaderCircleIcon className="animate-spin" aria-hidden="true" />
            ) : (
              <ImageUpIcon aria-hidden="true" />
            )}
            {upload.isPending
              ? t("avatar.uploading")
              : avatarUrl
                ? t("avatar.replace")
                : t("avatar.upload")}
          </Button>
          {avatarUrl ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={busy}
              aria-busy={remove.isPending}
              className="text-destructive hover:text-destructive"
              onClick={() => setConfirming(true)}
            >
              <Trash2Icon aria-hidden="true" />
              {remove.isPending ? t("avatar.removing") : t("avatar.remove")}
            </Button>
          ) : null}
        </div>
      </div>

      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <DialogHeader>
            <AlertDialogTitle>{t("avatar.confirmTitle")}</AlertDialogTitle>
            <AlertDialogDescription>{t("avatar.confirmBody")}</AlertDialogDescription>
          </DialogHeader>
          <DialogFooter>
            <AlertDialogCancel asChild>
              <Button variant="outline">{t("avatar.cancel")}</Button>
            </AlertDialogCancel>
            <AlertDialogAction asChild>
              <Button variant="destructive" onClick={() => void confirmRemove()}>
                {t("avatar.confirmAction")}
              </Button>
            </AlertDialogAction>
          </DialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
