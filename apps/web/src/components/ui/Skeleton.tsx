interface Props {
  /** Width of the title bar (a CSS length), or false for none. */
  title?: string | false;
  rows?: number;
  /** Widths of the paragraph's lines (CSS lengths); the last line is shorter by default. */
  widths?: string[];
  className?: string;
}

/** Grey bars standing in for text while it loads (antd's Skeleton look, in CSS). */
export function Skeleton({ title = '38%', rows = 3, widths, className }: Props) {
  return (
    <div className={className ? `skeleton ${className}` : 'skeleton'} aria-hidden="true">
      {title !== false ? <div className="skeleton__title" style={{ width: title }} /> : null}
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton__line" style={{ width: widths?.[i] ?? (i === rows - 1 && rows > 1 ? '61%' : '100%') }} />
      ))}
    </div>
  );
}

/** A grey circle standing in for a picture (antd's Skeleton.Avatar). */
export function SkeletonAvatar({ size }: { size: number }) {
  return <div className="skeleton__avatar" style={{ width: size, height: size }} aria-hidden="true" />;
}
