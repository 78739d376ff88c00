export { LOCAL_CLIENT_ID, LOCAL_CLIENT_SECRET, startLocalGoogle, type LocalGoogle } from './local-google-provider';
export { localSignInPage } from './local-sign-in.page';
