import { Avatar, AvatarFallback, AvatarImage, avatarColor } from "#client/components/ui/avatar.tsx";
import { cn } from "#client/lib/cn.ts";
import { initials } from "#shared/names.ts";

/**
 * A member's picture, or their initials on the colour of their place in the household
 * (`index`, 0-based; the 8 colours cycle). Decorative: the name is always written beside it.
 */
export function MemberAvatar({
  name,
  index,
  avatarUrl,
  className,
}: {
  name: string;
  index: number;
  avatarUrl?: string | null;
  className?: string;
}) {
  return (
    <Avatar className={cn("size-8 rounded-lg", className)} aria-hidden="true">
      {avatarUrl ? <AvatarImage src={avatarUrl} alt="" /> : null}
      <AvatarFallback className={cn("rounded-[inherit]", avatarColor(index))}>
        {initials(name)}
      </AvatarFallback>
    </Avatar>
  );
}
