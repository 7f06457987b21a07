import { WATERMARK, watermarkText } from '@shiju/contract/core';

/** What a share card shows. */
export interface ShareCardData {
  /** The sentence, or an essay's title and opening lines. */
  text: string;
  title?: string | null;
  /** Who it is credited to, with the work (contract creditLine: 李白〔唐〕《静夜思》, 佚名, the writer's name). */
  source: string;
  /** A quote's poster in small type (收录 · 拾句编辑部); null for an original. */
  poster: string | null;
  /** The writer whose original this is: the watermark goes in the card's bottom band; null draws none. */
  watermark: string | null;
  url: string;
  accent: string;
}

const WIDTH = 750;
const PADDING = 72;
const SERIF = '"Noto Serif SC", "Noto Serif CJK SC", "Source Han Serif SC", "Songti SC", serif';
const SANS = '"PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif';
// Chinese closing punctuation must not start a line (as line-break: strict does on the page).
const NO_LINE_START = new Set('，。、；：！？）》”』”’…—,.;:!?)'.split(''));
const MAX_TEXT_LINES = 14;
/** The QR code's side in the card's units (twice that in pixels at the default scale). */
const QR_SIZE = 100;
/** Grey text, dark enough to read (WCAG AA on the paper colour). */
const MUTED = '#6f6a63';
/** The height of the background band that holds the watermark, below the footer and away from the text. */
const BAND = 64;

/** Breaks text into lines no wider than `max`, character by character, keeping punctuation off line starts. */
export function wrapText(ctx: CanvasRenderingContext2D, text: string, max: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\n+/)) {
    let line = '';
    for (const ch of paragraph) {
      const next = line + ch;
      if (ctx.measureText(next).width > max && line && !NO_LINE_START.has(ch)) {
        lines.push(line);
        line = ch;
      } else {
        line = next;
      }
    }
    if (line) lines.push(line);
  }
  return lines;
}

function clampLines(lines: string[], max: number): string[] {
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  kept[max - 1] = `${kept[max - 1]!.slice(0, -1)}…`;
  return kept;
}

/**
 * Draws the share card (the text, its source, the author, 拾句 and, when given, a QR code of the text's
 * address) onto `canvas`, sized to its content. Pure drawing: the caller turns the canvas into a PNG.
 */
export function drawShareCard(canvas: HTMLCanvasElement, data: ShareCardData, scale = 2, qr?: CanvasImageSource): void {
  const measure = canvas.getContext('2d')!;
  const textSize = data.text.length > 60 ? 30 : 36;
  const lineHeight = Math.round(textSize * 1.8);
  measure.font = `${textSize}px ${SERIF}`;
  const lines = clampLines(wrapText(measure, data.text, WIDTH - PADDING * 2), MAX_TEXT_LINES);
  measure.font = `bold 38px ${SERIF}`;
  const titleLines = data.title ? clampLines(wrapText(measure, data.title, WIDTH - PADDING * 2), 2) : [];

  const top = 150;
  const titleBlock = titleLines.length * 58 + (titleLines.length ? 24 : 0);
  const textBlock = lines.length * lineHeight;
  const band = data.watermark ? BAND : 0;
  const height = top + titleBlock + textBlock + 80 + 60 + 170 + band;

  canvas.width = WIDTH * scale;
  canvas.height = height * scale;
  const ctx = canvas.getContext('2d')!;
  ctx.scale(scale, scale);

  // Paper and a thin frame.
  ctx.fillStyle = '#faf8f3';
  ctx.fillRect(0, 0, WIDTH, height);
  ctx.strokeStyle = '#e6dfd2';
  ctx.lineWidth = 2;
  ctx.strokeRect(24, 24, WIDTH - 48, height - 48);

  // A large opening quote mark in the accent colour.
  ctx.fillStyle = data.accent;
  ctx.globalAlpha = 0.18;
  ctx.font = `160px ${SERIF}`;
  ctx.textBaseline = 'top';
  ctx.fillText('“', PADDING - 16, 40);
  ctx.globalAlpha = 1;

  let y = top;
  ctx.fillStyle = '#2b2825';
  ctx.textBaseline = 'alphabetic';
  ctx.font = `bold 38px ${SERIF}`;
  for (const l of titleLines) {
    ctx.fillText(l, PADDING, y + 40);
    y += 58;
  }
  if (titleLines.length) y += 24;

  ctx.font = `${textSize}px ${SERIF}`;
  for (const l of lines) {
    ctx.fillText(l, PADDING, y + textSize);
    y += lineHeight;
  }

  y += 40;
  ctx.font = `24px ${SERIF}`;
  ctx.fillStyle = '#57524c';
  ctx.textAlign = 'right';
  ctx.fillText(`—— ${data.source}`, WIDTH - PADDING, y + 24);
  ctx.textAlign = 'left';
  y += 60;

  // Footer: a rule, the site name in the accent colour, the author and the address.
  const footTop = height - 150 - band;
  ctx.strokeStyle = '#e6dfd2';
  ctx.beginPath();
  ctx.moveTo(PADDING, footTop);
  ctx.lineTo(WIDTH - PADDING, footTop);
  ctx.stroke();

  ctx.fillStyle = data.accent;
  ctx.font = `bold 40px ${SERIF}`;
  ctx.fillText('拾句', PADDING, footTop + 66);
  ctx.fillStyle = MUTED;
  ctx.font = `20px ${SANS}`;
  ctx.fillText('读句子，品美文', PADDING, footTop + 102);

  // The QR code at the right (white quiet zone included in the image), the author and address beside it.
  let right = WIDTH - PADDING;
  if (qr) {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(right - QR_SIZE, footTop + 14, QR_SIZE, QR_SIZE);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(qr, right - QR_SIZE, footTop + 14, QR_SIZE, QR_SIZE);
    right -= QR_SIZE + 20;
  }
  ctx.textAlign = 'right';
  if (data.poster) {
    ctx.fillStyle = MUTED;
    ctx.font = `18px ${SANS}`;
    ctx.fillText(data.poster, right, footTop + 60);
  }
  ctx.fillStyle = MUTED;
  ctx.font = `16px ${SANS}`;
  ctx.fillText(qr ? '扫码阅读原文' : data.url.replace(/^https?:\/\//, ''), right, footTop + 98);
  ctx.textAlign = 'left';

  if (data.watermark) drawWatermarkBand(ctx, data.watermark, { x: 24, y: height - 24 - BAND, width: WIDTH - 48, height: BAND });
}

/**
 * The watermark (docs/rules.md#watermark: 拾句 · the writer; WATERMARK's rotation, gap, size and colour) tiled inside one rectangle
 * only, the band below the footer: it never crosses the text or the credit.
 */
function drawWatermarkBand(ctx: CanvasRenderingContext2D, nickname: string, r: { x: number; y: number; width: number; height: number }) {
  const text = watermarkText(nickname);
  const { fontSize, gap, rotate, color } = WATERMARK;
  ctx.save();
  ctx.beginPath();
  ctx.rect(r.x, r.y, r.width, r.height);
  ctx.clip();
  ctx.font = `${fontSize}px ${SANS}`;
  ctx.fillStyle = color;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const stepX = ctx.measureText(text).width + gap[0];
  for (let x = r.x + stepX / 2; x < r.x + r.width + stepX; x += stepX) {
    ctx.save();
    ctx.translate(x, r.y + r.height / 2);
    ctx.rotate((rotate * Math.PI) / 180);
    ctx.fillText(text, 0, 0);
    ctx.restore();
  }
  ctx.restore();
}
