// One icon set, 24px grid, drawn with currentColor. The shapes live once in a sprite file (icons.svg, a
// hashed, cached asset) that each icon points into with <use>: a page of cards no longer repeats the same
// paths in its HTML per card, and the shapes are not in the JavaScript either.
import type { SVGProps } from "react";
// no-inline: a data: URL is no good to <use>, which needs a same-origin file.
import sprite from "./icons.svg?url&no-inline";

type IconProps = SVGProps<SVGSVGElement> & { title?: string };

function Icon({ title, symbol, className, fill, strokeWidth, style, ...props }: IconProps & { symbol: string }) {
  // The drawing style comes from the .icon class (app.css); a caller's fill or stroke width goes inline,
  // since a stylesheet rule would outrank it as an attribute.
  const own = fill === undefined && strokeWidth === undefined ? style : { ...style, fill, strokeWidth };
  return (
    <svg
      width="24"
      height="24"
      className={className ? `icon ${className}` : "icon"}
      style={own}
      aria-hidden={title ? undefined : true}
      role={title ? "img" : undefined}
      {...props}
    >
      {title ? <title>{title}</title> : null}
      <use href={`${sprite}#${symbol}`} />
    </svg>
  );
}

export const HeartIcon = ({ filled, ...p }: IconProps & { filled?: boolean }) => (
  <Icon {...p} fill={filled ? "currentColor" : "none"} symbol="heart" />
);
export const SearchIcon = (p: IconProps) => <Icon {...p} symbol="search" />;
export const MenuIcon = (p: IconProps) => <Icon {...p} symbol="menu" />;
export const CloseIcon = (p: IconProps) => <Icon {...p} symbol="close" />;
export const PinIcon = (p: IconProps) => <Icon {...p} symbol="pin" />;
export const CheckBadgeIcon = (p: IconProps) => <Icon {...p} symbol="check-badge" />;
export const FilterIcon = (p: IconProps) => <Icon {...p} symbol="filter" />;
export const InstagramIcon = (p: IconProps) => <Icon {...p} symbol="instagram" />;
export const XIcon = (p: IconProps) => <Icon {...p} symbol="x" />;
export const ArrowLeftIcon = (p: IconProps) => <Icon {...p} symbol="arrow-left" />;
export const TrashIcon = (p: IconProps) => <Icon {...p} symbol="trash" />;
export const GripIcon = (p: IconProps) => <Icon {...p} symbol="grip" />;
export const PlusIcon = (p: IconProps) => <Icon {...p} symbol="plus" />;
export const ChevronDownIcon = (p: IconProps) => <Icon {...p} symbol="chevron-down" />;
export const CheckIcon = (p: IconProps) => <Icon {...p} symbol="check" />;
export const LockIcon = (p: IconProps) => <Icon {...p} symbol="lock" />;
/** Like (a count the provider sees); the heart is Favourites, kept in this browser (one symbol per idea). */
export const ThumbUpIcon = ({ filled, ...p }: IconProps & { filled?: boolean }) => (
  <Icon {...p} fill={filled ? "currentColor" : "none"} symbol="thumb-up" />
);
