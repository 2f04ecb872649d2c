import type { CSSProperties } from 'react';
import { Img } from '../../../components/ui/img.tsx';

interface CourseBadgeProps {
  name: string;
  icon?: string | null;
  color?: string | null;
  size?: 'md' | 'lg';
}

/** A course's picture (its flag) on its own colour; the initial when the course has no picture. */
export function CourseBadge({ name, icon, color, size = 'md' }: CourseBadgeProps) {
  const style = color ? ({ '--course-color': color } as CSSProperties) : undefined;
  return (
    <span className={`course-badge course-badge--${size}`} style={style} aria-hidden="true">
      {icon ? (
        <Img src={icon} alt="" className="course-badge__image" />
      ) : (
        <span className="course-badge__initial">{Array.from(name)[0] ?? '?'}</span>
      )}
    </span>
  );
}
