import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "#client/lib/toast.ts";
import { Button } from "#client/components/ui/button.tsx";
import { Separator } from "#client/components/ui/separator.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { AvatarEditor } from "./avatar-editor.tsx";
import { useProfile } from "./profile.queries.ts";
import { ProfileForm } from "./profile-form.tsx";

function GeneralSkeleton() {
  return (
    <div className="grid gap-8" aria-busy="true" data-testid="profile-loading">
      <div className="flex flex-col items-center gap-5 sm:flex-row">
        <Skeleton className="size-24 rounded-2xl sm:size-28" />
        <div className="grid w-48 gap-2">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-4 w-48" />
          <Skeleton className="h-8 w-32" />
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="grid gap-2">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-9 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The General tab: the avatar and the profile's fields. */
export function GeneralPanel({ colorIndex = 0 }: { colorIndex?: number }) {
  const { t } = useTranslation("profile");
  const profile = useProfile();
  const failed = profile.isError;

  useEffect(() => {
    if (failed) toast.news(t("toasts.loadFailed"), { tone: "error", id: "profile-load-failed" });
  }, [failed, t]);

  if (profile.isPending) return <GeneralSkeleton />;
  if (profile.isError) {
    return (
      <div
        role="alert"
        className="grid justify-items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4"
      >
        <p className="text-sm">{t("general.loadFailed")}</p>
        <Button variant="outline" size="sm" onClick={() => void profile.refetch()}>
          {t("general.retry")}
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-8">
      <AvatarEditor
        name={profile.data.fullName}
        avatarUrl={profile.data.avatarUrl}
        colorIndex={colorIndex}
      />
      <Separator />
      <ProfileForm profile={profile.data} />
    </div>
  );
}
