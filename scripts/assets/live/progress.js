// @ts-check
// Progress in the browser (static mode): the learner's progress file kept in localStorage
// and merged with the kernel's (as tarot_teach/widgets/progress.py does).
import { message, showNotice, state } from "./core.js";
import { executeContent, uuid } from "./protocol.js";

// ------------------------------------------- progress in the browser (static mode)
// The browser's Python keeps files in memory only: the learner's progress file is kept in
// localStorage. Other tabs of the site save there too, so nothing is ever simply
// overwritten: after each click in an exercise the kernel's file is merged into what is
// stored (solves are only ever added), and what another tab stores (a "storage" event) is
// merged into this kernel's file. A stored value that cannot be read is set aside under a
// new name, with a notice, never overwritten. Times are read and merged as
// widgets/progress.py does (utc_time, parse_record, merge_records): made UTC, an entry
// whose time is not a date left out, a reset not a date or in the future ignored, and
// what a reset from another tab drops here said in a notice.
var PROGRESS_KEY = "tarot_teach.progress";
var PROGRESS_MERGE = "from tarot_teach.widgets.progress import merge_into_file as _tt_merge\n";
var PROGRESS_PATH = "from tarot_teach.widgets.progress import default_progress_path as _tt_path\n";
var TIME = new RegExp("^(\\d{4})-(\\d\\d)-(\\d\\d)(?:[T ](\\d\\d):(\\d\\d)(?::(\\d\\d)" +
  "(?:\\.(\\d{1,6}))?)?(Z|[+-]\\d\\d:?\\d\\d)?)?$"); // (TIME_PATTERN in progress.py)

// A progress time as UTC, written one way (texts sort as the times do), or null if it is
// not a date; without an offset it is this computer's local time.
export function utcTime(text) {
  var found = typeof text === "string" && TIME.exec(text);
  if (!found) {
    return null;
  }
  var n = found.slice(1, 7).map(function (part) {
    return Number(part || 0);
  });
  var zone = found[8];
  var day = new Date(Date.UTC(n[0], n[1] - 1, n[2]));
  if (n[0] < 1970 || n[0] > 9998 || day.getUTCMonth() !== n[1] - 1 ||
    day.getUTCDate() !== n[2] || n[3] > 23 || n[4] > 59 || n[5] > 59) {
    return null;
  }
  var time;
  if (!zone) {
    time = new Date(n[0], n[1] - 1, n[2], n[3], n[4], n[5]).getTime();
  } else {
    var hours = zone === "Z" ? 0 : Number(zone.slice(1, 3));
    var minutes = zone === "Z" ? 0 : Number(zone.slice(-2));
    if (hours > 23 || minutes > 59) {
      return null;
    }
    time = Date.UTC(n[0], n[1] - 1, n[2], n[3], n[4], n[5]) -
      (zone[0] === "-" ? -1 : 1) * (hours * 60 + minutes) * 60000;
  }
  return new Date(time).toISOString().slice(0, 19) + "." +
    ((found[7] || "") + "000000").slice(0, 6) + "+00:00";
}
function utcNow() {
  return utcTime(new Date().toISOString().replace("Z", "+00:00"));
}
// A UTC time of utcTime in words, in local time ("30 November 2026 at 10:00").
function localWords(time) {
  var date = new Date(time.slice(0, 23) + "Z");
  var two = function (number) {
    return (number < 10 ? "0" : "") + number;
  };
  return date.toLocaleDateString("en-GB", { day: "numeric", month: "long",
    year: "numeric" }) + " at " + two(date.getHours()) + ":" + two(date.getMinutes());
}
// How many entries, in words ("2 solved exercises and 1 answer"; "" for none).
function entries(counts) {
  var parts = [];
  ["solved exercise", "answer", "saved game"].forEach(function (word, i) {
    if (counts[i]) {
      parts.push(counts[i] + " " + word + (counts[i] === 1 ? "" : "s"));
    }
  });
  return parts.length > 1 ? parts.slice(0, -1).join(", ") + " and " + parts.pop()
    : parts.join("");
}
function were(words) {
  return /^1 /.test(words) && words.indexOf(" and ") < 0 ? "was" : "were";
}
function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

// {solved, games, answers, reset, notes} (notes: what was left out, in words), or null if
// the text cannot be read at all.
export function parseProgress(text) {
  var data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return null;
  }
  if (!isObject(data) || !isObject(data.solved) || (data.games !== undefined &&
    !isObject(data.games))) {
    return null;
  }
  var names = Object.keys(data.solved);
  for (var i = 0; i < names.length; i++) {
    if (typeof data.solved[names[i]] !== "string") {
      return null;
    }
  }
  var games = data.games || {};
  var keys = Object.keys(games);
  for (var j = 0; j < keys.length; j++) {
    if (!isObject(games[keys[j]])) {
      return null;
    }
  }
  var record = { solved: {}, games: games, answers: {}, reset: null, notes: [] };
  var left = [0, 0, 0];
  names.forEach(function (name) {
    var time = utcTime(data.solved[name]);
    if (time) {
      record.solved[name] = time;
    } else {
      left[0] += 1;
    }
  });
  // Answers (exercise → time → right or wrong): checked in full by the kernel
  // (widgets/progress.py) when merged there; here only those that can be used are kept.
  var answers = isObject(data.answers) ? data.answers : {};
  Object.keys(answers).filter(function (name) {
    return isObject(answers[name]);
  }).forEach(function (name) {
    Object.keys(answers[name]).forEach(function (time) {
      var answer = answers[name][time];
      var utc = utcTime(time);
      if (!isObject(answer) || typeof answer.ok !== "boolean") {
        return;
      }
      if (!utc) {
        left[1] += 1;
        return;
      }
      record.answers[name] = record.answers[name] || {};
      record.answers[name][utc] = answer;
    });
  });
  var words = entries(left);
  if (words) {
    record.notes.push(words + " whose time is not a date " + were(words) + " left out");
  }
  if (data.reset !== undefined && data.reset !== null) {
    var reset = utcTime(data.reset);
    if (!reset) {
      record.notes.push("the reset time is not a date: it was ignored");
    } else if (reset > utcNow()) {
      record.notes.push("the reset time (" + localWords(reset) + ") is in the future: " +
        "it was ignored");
    } else {
      record.reset = reset;
    }
  }
  return record;
}

// What is kept in localStorage (and merged into the kernel's file).
export function storable(record) {
  var kept = { version: 1, solved: record.solved, games: record.games,
    answers: record.answers };
  if (record.reset) {
    kept.reset = record.reset;
  }
  return kept;
}

// {merged, dropped}: every solve and answer of both (a solve with its earliest date),
// minus what is older than the later reset; the newer side's games win. dropped counts
// what each side lost to the reset, [solves, answers, games] (as merge_records).
export function mergeProgress(older, newer) {
  var reset = [older.reset, newer.reset].filter(Boolean).sort().pop() || null;
  var solved = {};
  var answers = {};
  var dropped = {};
  [["older", older], ["newer", newer]].forEach(function (side) {
    var lost = (dropped[side[0]] = [0, 0, 0]);
    var record = side[1];
    Object.keys(record.solved).forEach(function (name) {
      var date = record.solved[name];
      if (reset && date < reset) {
        lost[0] += 1;
      } else {
        solved[name] = solved[name] && solved[name] < date ? solved[name] : date;
      }
    });
    Object.keys(record.answers || {}).forEach(function (name) {
      Object.keys(record.answers[name]).forEach(function (time) {
        if (reset && time < reset) {
          lost[1] += 1;
        } else {
          answers[name] = answers[name] || {};
          answers[name][time] = record.answers[name][time];
        }
      });
    });
  });
  var games = {};
  // A reset that only the newer side has seen forgets the older side's games too.
  var forgotten = newer.reset && newer.reset === reset && older.reset !== reset;
  if (forgotten) {
    dropped.older[2] = Object.keys(older.games).filter(function (key) {
      return !(key in newer.games);
    }).length;
  }
  [forgotten ? {} : older.games, newer.games].forEach(function (source) {
    Object.keys(source).forEach(function (key) {
      games[key] = source[key];
    });
  });
  return { merged: { solved: solved, games: games, answers: answers, reset: reset },
    dropped: dropped };
}

var progressSaid = {};
function sayOnce(text) {
  if (!progressSaid[text]) {
    progressSaid[text] = true;
    showNotice(text);
  }
}

// The stored progress (parsed), null if there is none; an unreadable one is set aside.
function storedProgress() {
  var text = null;
  try {
    text = window.localStorage.getItem(PROGRESS_KEY);
  } catch (error) {
    return null;
  }
  if (!text) {
    return null;
  }
  var parsed = parseProgress(text);
  if (!parsed) {
    var aside = PROGRESS_KEY + ".damaged-" + new Date().toISOString() + "-" +
      uuid().slice(0, 8);
    try {
      window.localStorage.setItem(aside, text);
      window.localStorage.removeItem(PROGRESS_KEY);
      showNotice("The progress saved in this browser was damaged; it has been kept aside " +
        "(as " + aside + " in this site's storage) and a new one started.");
    } catch (error) {
      console.warn("live exercises: damaged progress could not be set aside (" + error + ")");
    }
  } else if (parsed.notes.length) {
    sayOnce("In the progress saved in this browser, " + parsed.notes.join("; ") + ".");
  }
  return parsed;
}

export function mergeIntoKernel(kernel, text) {
  // A JSON string literal is also a Python string literal.
  var code = PROGRESS_MERGE + "_tt_message = _tt_merge(" + JSON.stringify(text) + ")\n" +
    "if _tt_message:\n    print(_tt_message)\n";
  return kernel.request(message("execute_request", executeContent(code)), function (reply) {
    if (reply.header.msg_type === "stream") {
      console.warn("live exercises: " + reply.content.text);
    }
  });
}

export function restoreProgress(kernel) {
  var saved = storedProgress();
  return saved ? mergeIntoKernel(kernel, JSON.stringify(storable(saved))) : null;
}

export function saveProgress(kernel) {
  var text = "";
  var code = PROGRESS_PATH +
    "print(_tt_path().read_text(encoding='utf-8') if _tt_path().exists() else '', end='')\n";
  return kernel.request(message("execute_request", executeContent(code)), function (reply) {
    if (reply.header.msg_type === "stream" && reply.content.name === "stdout") {
      text += reply.content.text;
    }
  }).then(function () {
    var mine = text && parseProgress(text);
    if (!mine) {
      return;
    }
    // Read, merge and write in one go (no await in between): another tab's save is kept.
    var result = mergeProgress(storedProgress() || mine, mine);
    var lost = entries(result.dropped.newer);
    if (lost && result.merged.reset !== mine.reset) {
      sayOnce("Your progress was reset in another tab (" + localWords(result.merged.reset) +
        "): " + lost + " from before then " + were(lost) + " removed here too.");
    }
    try {
      window.localStorage.setItem(PROGRESS_KEY, JSON.stringify(storable(result.merged)));
    } catch (error) {
      console.warn("live exercises: progress not saved in this browser (" + error + ")");
    }
  });
}

export function keepProgress(kernel) {
  // Listening in the capture phase, then waiting for the current event to finish, puts
  // the save right behind the widget's own message: the kernel answers them in order.
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!target || !target.closest || !target.closest(".tt-live")) {
      return;
    }
    setTimeout(function () {
      saveProgress(kernel).catch(function () {});
    }, 0);
  }, true);
  // Another tab saved: bring its solves into this page's file, so they show here and
  // this page's next save keeps them.
  window.addEventListener("storage", function (event) {
    if (event.key === PROGRESS_KEY && event.newValue && parseProgress(event.newValue)) {
      mergeIntoKernel(kernel, event.newValue).catch(function () {});
    }
  });
}
// For the tests: the progress file read and merged as in the browser.
state.progressFiles = { time: utcTime, parse: parseProgress, merge: mergeProgress };
