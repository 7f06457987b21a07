export function offsetOf(p: { pageNum: number; pageSize: number }): number {
  return (p.pageNum - 1) * p.pageSize;
}
