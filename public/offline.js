// The script of public/offline.html (shown by the service worker, public/sw.js, when a page cannot load).
document.getElementById('site').textContent = location.hostname
document.getElementById('retry').addEventListener('click', function () {
  location.reload()
})
// The last answer of GET /api/chats.php, kept by the service worker in the cache "chats-v2" (public/sw.js).
function show(body) {
  var chats = body && Array.isArray(body.chats) ? body.chats : []
  if (!chats.length) return
  var list = document.getElementById('chat-list')
  var when = new Intl.DateTimeFormat(navigator.language || 'en', { dateStyle: 'short', timeStyle: 'short' })
  chats.slice(0, 50).forEach(function (c) {
    var li = document.createElement('li')
    var row = document.createElement('div')
    row.className = 'row'
    var name = document.createElement('span')
    name.className = 'name'
    var p = c.profile || {}
    name.textContent = (p.name || '?') + (p.age ? ', ' + p.age : '')
    if (c.num_unread_messages > 0) {
      var badge = document.createElement('span')
      badge.className = 'unread'
      badge.textContent = String(c.num_unread_messages)
      name.appendChild(badge)
    }
    var time = document.createElement('time')
    time.className = 'time'
    var at = c.lastMessageAt ? new Date(c.lastMessageAt) : null
    if (at && !isNaN(at.getTime())) {
      time.dateTime = at.toISOString()
      time.textContent = when.format(at)
    }
    row.appendChild(name)
    row.appendChild(time)
    var text = document.createElement('div')
    text.className = 'text'
    text.textContent = c.lastMessage || (c.lastMessageKind === 'photo' ? 'Photo' : '…')
    li.appendChild(row)
    li.appendChild(text)
    list.appendChild(li)
  })
  document.getElementById('chats').hidden = false
}
if (window.caches) {
  caches
    .match('/api/chats.php', { cacheName: 'chats-v2', ignoreVary: true })
    .then(function (res) {
      return res ? res.json() : null
    })
    .then(show)
    .catch(function () {})
}
