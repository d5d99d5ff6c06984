/** The TS/JS files a program may hold. */
export const SCRIPT_FILE = /\.(?:[cm]?[jt]sx?)$/i;

/** A Vue single-file component: a program holds its virtual script. */
export const VUE_FILE = /\.vue$/i;
