import { ref } from 'vue';

/** A page change is under way (the progress bar shows). */
export const navigating = ref(false);
/** The last route chunk that failed to load, with what failed; null when none. */
export const chunkError = ref<{ message: string; file: string; path: string } | null>(null);
