import { Avatar, AvatarFallback, AvatarImage } from "#client/components/ui/avatar.tsx";
import { cn } from "#client/lib/cn.ts";
import { memberColour } from "#client/lib/colours.ts";
import { initials } from "#shared/names.ts";

/**
 * A member's picture, or their initials on their colour: the one of their place in the household
 * (`index`, 0-based; the 8 colours cycle), the same as in charts and their legends. Decorative: the name is always written beside it.
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
  const colour = memberColour(index);
  return (
    <Avatar className={cn("size-8 rounded-lg", className)} aria-hidden="true">
      {avatarUrl ? <AvatarImage src={avatarUrl} alt="" /> : null}
      <AvatarFallback
        className="rounded-[inherit]"
        style={{ backgroundColor: colour.fill, color: colour.ink }}
      >
        {initials(name)}
      </AvatarFallback>
    </Avatar>
  );
}
