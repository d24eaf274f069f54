// Boot first: it asks for the page's chunks and data before React DOM and Mantine are evaluated; then
// the app starts (the order of these two imports is the order they run in).
import './app/boot';
import './app/start';
