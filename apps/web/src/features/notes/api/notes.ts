import { defineCallWrite, defineDomain } from '../../../api/define.js';

const notes = defineDomain('notes');

export const noteKeys = { all: notes.all };

export const noteQueries = {
  /** A text's approved notes: drawn by the server with the page (its prefetch), refreshed quietly. */
  ofEssay: (essayId: number) => notes.query('essayNotes', { query: { essayId } }, { quietCodes: ['A0404'] }),
};

/** A reader's proposal: it waits for review, so nothing shown changes. */
export const useProposeNote = defineCallWrite('proposeNote');
