/**
 * The websocket at /api/ws: two discriminated unions (what the client sends, what the server sends)
 * and a protocol version. Every message is one JSON object.
 *
 * A session: the server sends `welcome`; the client sends `subscribe` to the leaderboard; the server
 * sends the current `leaderboard` and then one per change, each with the version it reflects. A client
 * that sees a gap in versions, or reconnects, fetches GET /api/leaderboard (same version counter).
 */
import { z } from 'zod';
import { ClassLeagueSchema } from './homework.ts';
import { LeaderboardSchema } from './leaderboard.ts';

/** Bumped on any change a client of the previous version could not read. */
export const WS_PROTOCOL_VERSION = 1;

export const CHANNELS = ['leaderboard', 'league'] as const;
export const ChannelSchema = z.enum(CHANNELS);
export type Channel = z.infer<typeof ChannelSchema>;

// ---------------------------------------------------------------------------------------------
// Client → server
// ---------------------------------------------------------------------------------------------

/**
 * A socket follows one channel at a time: the global leaderboard, or one class's weekly league (a
 * subscribe replaces the one before), so the one-message-a-second limit per socket holds for both.
 */
export const SubscribeMessageSchema = z.discriminatedUnion('channel', [
  z.object({ type: z.literal('subscribe'), channel: z.literal('leaderboard') }),
  z.object({
    type: z.literal('subscribe'),
    channel: z.literal('league'),
    classId: z.string().regex(/^\d{1,18}$/),
  }),
]);
export const UnsubscribeMessageSchema = z.object({ type: z.literal('unsubscribe'), channel: ChannelSchema });
export const PingMessageSchema = z.object({ type: z.literal('ping') });

export const ClientMessageSchema = z
  .union([SubscribeMessageSchema, UnsubscribeMessageSchema, PingMessageSchema])
  .meta({ id: 'WsClientMessage' });
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

// ---------------------------------------------------------------------------------------------
// Server → client
// ---------------------------------------------------------------------------------------------

const ProtocolSchema = z.number().int().positive();

export const LeaderboardMessageSchema = LeaderboardSchema.extend({
  type: z.literal('leaderboard'),
  protocol: ProtocolSchema,
});
export type LeaderboardMessage = z.infer<typeof LeaderboardMessageSchema>;

/** A class's weekly league, sent on subscribe and then at most once a second when it changes. */
export const LeagueMessageSchema = z.object({
  type: z.literal('league'),
  protocol: ProtocolSchema,
  league: ClassLeagueSchema,
});
export type LeagueMessage = z.infer<typeof LeagueMessageSchema>;

/** `code` is one of the HTTP error codes (VALIDATION_FAILED for an unreadable message, UNAUTHENTICATED...). */
export const ErrorMessageSchema = z.object({
  type: z.literal('error'),
  code: z.string(),
  message: z.string(),
});
export type ErrorMessage = z.infer<typeof ErrorMessageSchema>;

export const PongMessageSchema = z.object({ type: z.literal('pong') });
export const WelcomeMessageSchema = z.object({ type: z.literal('welcome'), protocol: ProtocolSchema });

export const ServerMessageSchema = z
  .discriminatedUnion('type', [
    LeaderboardMessageSchema,
    LeagueMessageSchema,
    ErrorMessageSchema,
    PongMessageSchema,
    WelcomeMessageSchema,
  ])
  .meta({ id: 'WsServerMessage' });
export type ServerMessage = z.infer<typeof ServerMessageSchema>;

// ---------------------------------------------------------------------------------------------
// Decoding
// ---------------------------------------------------------------------------------------------

function decode<T extends z.ZodType>(schema: T, text: string): z.infer<T> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}

/** Parses one frame from a client; null when it is not JSON or not a known message. */
export function decodeClientMessage(text: string): ClientMessage | null {
  return decode(ClientMessageSchema, text);
}

/** Parses one frame from the server; null when it is not JSON or not a known message. */
export function decodeServerMessage(text: string): ServerMessage | null {
  return decode(ServerMessageSchema, text);
}
