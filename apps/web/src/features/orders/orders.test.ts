import { describe, expect, it } from 'vitest';
import { closesAt, formatRemaining, formatYuan, methodsSentence } from './orders.js';

describe('order helpers', () => {
  it('shows fen as yuan with two decimals', () => {
    expect(formatYuan(1500)).toBe('¥15.00');
    expect(formatYuan(12800)).toBe('¥128.00');
    expect(formatYuan(1)).toBe('¥0.01');
  });

  it('counts down the 30 minutes of a pending order', () => {
    const createdAt = '2026-11-22T04:00:00.000Z';
    expect(closesAt({ createdAt }) - Date.parse(createdAt)).toBe(30 * 60_000);
    expect(formatRemaining(30 * 60_000)).toBe('30:00');
    expect(formatRemaining(61_500)).toBe('01:02');
    expect(formatRemaining(-5)).toBe('00:00');
  });

  it('gives a bank transfer the window the server set, shown in days and hours', () => {
    const createdAt = '2026-11-22T04:00:00.000Z';
    const payBefore = '2026-11-25T04:00:00.000Z';
    expect(closesAt({ createdAt, payBefore })).toBe(Date.parse(payBefore));
    expect(formatRemaining(3 * 86_400_000)).toBe('3天0小时');
    expect(formatRemaining(2 * 3_600_000 + 5 * 60_000)).toBe('2小时05分');
  });

  it('names the configured ways to pay in one sentence', () => {
    expect(methodsSentence(['wechat', 'alipay', 'manual'])).toBe('微信支付、支付宝或银行转账');
    expect(methodsSentence(['alipay'])).toBe('支付宝');
    expect(methodsSentence([])).toBe('');
  });
});
