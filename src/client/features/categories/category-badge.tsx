import {
  BabyIcon,
  BanknoteIcon,
  BikeIcon,
  BookOpenIcon,
  BriefcaseIcon,
  CarIcon,
  CircleEllipsisIcon,
  CoffeeIcon,
  DogIcon,
  DropletIcon,
  DumbbellIcon,
  FilmIcon,
  FuelIcon,
  GiftIcon,
  GraduationCapIcon,
  HandCoinsIcon,
  HeartPulseIcon,
  HouseIcon,
  LandmarkIcon,
  MusicIcon,
  PhoneIcon,
  PiggyBankIcon,
  PillIcon,
  PlaneIcon,
  ReceiptIcon,
  ShieldIcon,
  ShirtIcon,
  ShoppingCartIcon,
  SparklesIcon,
  TagIcon,
  TrainFrontIcon,
  TrendingUpIcon,
  UtensilsIcon,
  WifiIcon,
  WrenchIcon,
  ZapIcon,
  type LucideIcon,
} from "lucide-react";
import { createElement } from "react";
import { cn } from "#client/lib/cn.ts";
import {
  categoryColors,
  categoryIcons,
  type CategoryColor,
  type CategoryIcon,
} from "#shared/category-options.ts";
import type { Category } from "#shared/schemas/categories.schema.ts";

/** The component of each icon a category can have (names from the shared list). */
export const categoryIconComponents: Record<CategoryIcon, LucideIcon> = {
  tag: TagIcon,
  "shopping-cart": ShoppingCartIcon,
  home: HouseIcon,
  zap: ZapIcon,
  droplet: DropletIcon,
  wifi: WifiIcon,
  phone: PhoneIcon,
  car: CarIcon,
  fuel: FuelIcon,
  "train-front": TrainFrontIcon,
  bike: BikeIcon,
  utensils: UtensilsIcon,
  coffee: CoffeeIcon,
  shirt: ShirtIcon,
  "heart-pulse": HeartPulseIcon,
  pill: PillIcon,
  shield: ShieldIcon,
  "graduation-cap": GraduationCapIcon,
  baby: BabyIcon,
  dog: DogIcon,
  gift: GiftIcon,
  plane: PlaneIcon,
  film: FilmIcon,
  music: MusicIcon,
  dumbbell: DumbbellIcon,
  "book-open": BookOpenIcon,
  wrench: WrenchIcon,
  receipt: ReceiptIcon,
  landmark: LandmarkIcon,
  "piggy-bank": PiggyBankIcon,
  briefcase: BriefcaseIcon,
  banknote: BanknoteIcon,
  "hand-coins": HandCoinsIcon,
  "trending-up": TrendingUpIcon,
  sparkles: SparklesIcon,
  "circle-ellipsis": CircleEllipsisIcon,
};

/**
 * The tile of each colour: a soft background and a strong foreground, readable in both themes.
 * Written out in full so Tailwind sees every class.
 */
export const categoryColorClasses: Record<CategoryColor, string> = {
  slate: "bg-slate-100 text-slate-700 dark:bg-slate-400/15 dark:text-slate-300",
  red: "bg-red-100 text-red-700 dark:bg-red-400/15 dark:text-red-300",
  orange: "bg-orange-100 text-orange-700 dark:bg-orange-400/15 dark:text-orange-300",
  amber: "bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300",
  yellow: "bg-yellow-100 text-yellow-800 dark:bg-yellow-400/15 dark:text-yellow-300",
  lime: "bg-lime-100 text-lime-800 dark:bg-lime-400/15 dark:text-lime-300",
  green: "bg-green-100 text-green-700 dark:bg-green-400/15 dark:text-green-300",
  emerald: "bg-emerald-100 text-emerald-700 dark:bg-emerald-400/15 dark:text-emerald-300",
  teal: "bg-teal-100 text-teal-700 dark:bg-teal-400/15 dark:text-teal-300",
  cyan: "bg-cyan-100 text-cyan-800 dark:bg-cyan-400/15 dark:text-cyan-300",
  sky: "bg-sky-100 text-sky-700 dark:bg-sky-400/15 dark:text-sky-300",
  blue: "bg-blue-100 text-blue-700 dark:bg-blue-400/15 dark:text-blue-300",
  indigo: "bg-indigo-100 text-indigo-700 dark:bg-indigo-400/15 dark:text-indigo-300",
  violet: "bg-violet-100 text-violet-700 dark:bg-violet-400/15 dark:text-violet-300",
  purple: "bg-purple-100 text-purple-700 dark:bg-purple-400/15 dark:text-purple-300",
  fuchsia: "bg-fuchsia-100 text-fuchsia-700 dark:bg-fuchsia-400/15 dark:text-fuchsia-300",
  pink: "bg-pink-100 text-pink-700 dark:bg-pink-400/15 dark:text-pink-300",
  rose: "bg-rose-100 text-rose-700 dark:bg-rose-400/15 dark:text-rose-300",
};

/** A solid dot of each colour (colour pickers, legends). */
export const categoryDotClasses: Record<CategoryColor, string> = {
  slate: "bg-slate-500",
  red: "bg-red-500",
  orange: "bg-orange-500",
  amber: "bg-amber-500",
  yellow: "bg-yellow-500",
  lime: "bg-lime-500",
  green: "bg-green-500",
  emerald: "bg-emerald-500",
  teal: "bg-teal-500",
  cyan: "bg-cyan-500",
  sky: "bg-sky-500",
  blue: "bg-blue-500",
  indigo: "bg-indigo-500",
  violet: "bg-violet-500",
  purple: "bg-purple-500",
  fuchsia: "bg-fuchsia-500",
  pink: "bg-pink-500",
  rose: "bg-rose-500",
};

function isIcon(value: string): value is CategoryIcon {
  return (categoryIcons as readonly string[]).includes(value);
}

function isColor(value: string): value is CategoryColor {
  return (categoryColors as readonly string[]).includes(value);
}

/** The icon component of a stored icon name (the tag for an unknown one). */
export function iconOf(icon: string): LucideIcon {
  return isIcon(icon) ? categoryIconComponents[icon] : TagIcon;
}

/** The tile classes of a stored colour name (slate for an unknown one). */
export function colorClassOf(color: string): string {
  return categoryColorClasses[isColor(color) ? color : "slate"];
}

const tileSizes = {
  sm: "size-6 rounded-md [&_svg]:size-3.5",
  md: "size-8 rounded-lg [&_svg]:size-4",
  lg: "size-10 rounded-xl [&_svg]:size-5",
} as const;

/** A category's icon on its colour, decorative (the name is always written next to it). */
export function CategoryIconTile({
  icon,
  color,
  size = "md",
  className,
}: {
  icon: string;
  color: string;
  size?: keyof typeof tileSizes;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-grid shrink-0 place-items-center",
        tileSizes[size],
        colorClassOf(color),
        className,
      )}
    >
      {createElement(iconOf(icon))}
    </span>
  );
}

/**
 * A category as a person sees it: the icon tile and the name. An archived category keeps its
 * look (old entries still show it); `archivedLabel` is written after the name when given.
 */
export function CategoryBadge({
  category,
  size = "sm",
  archivedLabel,
  fallback,
  className,
}: {
  category: Pick<Category, "name" | "icon" | "color" | "archived"> | null | undefined;
  size?: keyof typeof tileSizes;
  /** Shown after an archived category's name, e.g. "(archived)". */
  archivedLabel?: string;
  /** The text when there is no category (a settlement). */
  fallback?: string;
  className?: string;
}) {
  return (
    <span className={cn("inline-flex min-w-0 items-center gap-2", className)}>
      <CategoryIconTile
        icon={category?.icon ?? "tag"}
        color={category?.color ?? "slate"}
        size={size}
      />
      <span className="min-w-0 truncate">
        {category ? category.name : (fallback ?? "")}
        {category?.archived && archivedLabel ? (
          <span className="ml-1 text-muted-foreground">{archivedLabel}</span>
        ) : null}
      </span>
    </span>
  );
}
