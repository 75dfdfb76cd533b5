import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

// The whole URL map, with the spec's route ids (section 2). Screens not built yet are absent and answer 404.
export default [
  layout('layouts/lander.tsx', [index('routes/home.tsx', { id: 'index' })]),
  layout('layouts/default.tsx', [
    route('login', 'routes/login.tsx', { id: 'login' }),
    route('signup', 'routes/signup.tsx', { id: 'signup' }),
    route('members', 'routes/members.tsx', { id: 'members' }),
    route('members/:id', 'routes/members-id.tsx', { id: 'members-id' }),
    route('likes/m/:id', 'routes/members-id.tsx', { id: 'likes-m-id' }),
    route('likes', 'routes/likes.tsx', { id: 'likes' }),
    route('likes/:type', 'routes/likes.tsx', { id: 'likes-type' }),
    route('chats', 'routes/chats.tsx', { id: 'chats' }),
    route('profile', 'routes/profile.tsx', { id: 'profile' }),
    route('notifications', 'routes/notifications.tsx', { id: 'notifications' }),
    route('*', 'routes/not-found.tsx', { id: 'not-found' }),
  ]),
  layout('layouts/chat.tsx', [
    route('chats/:id', 'routes/chats-id.tsx', { id: 'chats-id' }),
    route('members/:id/chat', 'routes/members-id-chat.tsx', { id: 'members-id-chat' }),
  ]),
  layout('layouts/empty.tsx', [route('lang-config', 'routes/lang-config.tsx', { id: 'lang-config' })]),
  route('logout', 'routes/logout.ts', { id: 'logout' }),
  route('photo/:id/:variant', 'routes/photo.ts', { id: 'photo' }),
  route('api/settings.php', 'routes/api/settings.php.ts', { id: 'api-settings' }),
  route('api/user.php', 'routes/api/user.php.ts', { id: 'api-user' }),
  route('api/logout.php', 'routes/api/logout.php.ts', { id: 'api-logout' }),
  route('api/chats.php', 'routes/api/chats.php.ts', { id: 'api-chats' }),
  route('api/likes.php', 'routes/api/likes.php.ts', { id: 'api-likes' }),
  route('api/interests.php', 'routes/api/interests.php.ts', { id: 'api-interests' }),
  route('api/regions.php', 'routes/api/regions.php.ts', { id: 'api-regions' }),
  route('api/photos.php', 'routes/api/photos.php.ts', { id: 'api-photos' }),
  route('api/geocode.php', 'routes/api/geocode.php.ts', { id: 'api-geocode' }),
  route('api/companyinfo.php', 'routes/api/companyinfo.php.ts', { id: 'api-companyinfo' }),
  route('api/*', 'routes/api/not-found.ts', { id: 'api-not-found' }),
] satisfies RouteConfig
