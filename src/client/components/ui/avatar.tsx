import { Avatar as AvatarPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "#client/lib/cn.ts";

/**
 * The 8 colours of member avatars, cycling by member order. Each pairs a tint with a text colour
 * that stays readable (WCAG AA) in light and in dark.
 */
export const avatarColors = [
  "bg-rose-100 text-rose-800 dark:bg-rose-400/20 dark:text-rose-100",
  "bg-amber-100 text-amber-900 dark:bg-amber-400/20 dark:text-amber-100",
  "bg-emerald-100 text-emerald-800 dark:bg-emerald-400/20 dark:text-emerald-100",
  "bg-sky-100 text-sky-800 dark:bg-sky-400/20 dark:text-sky-100",
  "bg-violet-100 text-violet-800 dark:bg-violet-400/20 dark:text-violet-100",
  "bg-teal-100 text-teal-800 dark:bg-teal-400/20 dark:text-teal-100",
  "bg-orange-100 text-orange-900 dark:bg-orange-400/20 dark:text-orange-100",
  "bg-indigo-100 text-indigo-800 dark:bg-indigo-400/20 dark:text-indigo-100",
] as const;

/** The colour of the member at position `index` (0-based) in the household's member order. */
export function avatarColor(index: number): string {
  const length = avatarColors.length;
  return avatarColors[((Math.trunc(index) % length) + length) % length] ?? avatarColors[0];
}

export function Avatar({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Root>) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn("relative flex size-8 shrink-0 overflow-hidden rounded-full", className)}
      {...props}
    />
  );
}

export function AvatarImage({
  className,
  ...props
}: React.ComponentProps<typeof AvatarPrimitive.Image>) {
  return (
    <AvatarPrimitive.Image
      data-slot="avatar-image"
      className={cn("aspect-square size-full object-cover", className)}
      {...props}
    />
  );
}

export function AvatarFallback({
  className,
  ...props
}: React.ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return (
    <AvatarPrimitive.Fallback
      data-slot="avatar-fallback"
      className={cn(
        "flex size-full items-center justify-center rounded-full bg-muted text-xs font-semibold select-none",
        className,
      )}
      {...props}
    />
  );
}
