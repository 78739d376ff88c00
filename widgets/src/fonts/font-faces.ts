// Self-hosted @font-face rules for the showcase; browsers download a file only when text uses it.
import '@fontsource/unifrakturmaguntia/400.css';
import '@fontsource/unifrakturcook/700.css'; // published in weight 700 only
import '@fontsource/pirata-one/400.css';
import '@fontsource/grenze-gotisch/400.css';
import '@fontsource/germania-one/400.css';
import '@fontsource/new-rocker/400.css';
import '@fontsource/metamorphous/400.css';
import '@fontsource/cinzel-decorative/400.css';
import '@fontsource/im-fell-english/400.css';
import '@fontsource/jacquard-24/400.css';
import '@fontsource/texturina/400.css';
import '@fontsource/almendra-display/400.css';
import '@fontsource/medievalsharp/400.css';
import '@fontsource/eagle-lake/400.css';
import '@fontsource/uncial-antiqua/400.css';
import '@fontsource/fruktur/400.css';
import '@fontsource/macondo/400.css';
import '@fontsource/creepster/400.css';
