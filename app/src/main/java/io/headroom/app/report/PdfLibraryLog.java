package io.headroom.app.report;

import com.openhtmltopdf.util.Diagnostic;
import com.openhtmltopdf.util.XRLog;
import com.openhtmltopdf.util.XRLogger;
import java.util.logging.Level;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * openhtmltopdf's log lines through slf4j, where Headroom's logging configuration rules them
 * (simplelogger.properties: {@code com.openhtmltopdf} at warn): on its own it wrote "INFO:: TIME:
 * parse stylesheets 623ms" and the like to stderr on every PDF, beside the command's output.
 * Each line goes to the slf4j logger its category names ({@code com.openhtmltopdf.load}, ...).
 */
final class PdfLibraryLog implements XRLogger {
  private PdfLibraryLog() {}

  /** Installs it as openhtmltopdf's logger (once; later calls change nothing). */
  static synchronized void install() {
    if (!(XRLog.getLoggerImpl() instanceof PdfLibraryLog)) {
      XRLog.setLoggerImpl(new PdfLibraryLog());
    }
  }

  @Override
  public void log(String where, Level level, String msg) {
    log(where, level, msg, null);
  }

  @Override
  public void log(String where, Level level, String msg, Throwable th) {
    Logger log = LoggerFactory.getLogger(where);
    int v = level.intValue();
    if (v >= Level.SEVERE.intValue()) {
      log.error(msg, th);
    } else if (v >= Level.WARNING.intValue()) {
      log.warn(msg, th);
    } else if (v >= Level.INFO.intValue()) {
      log.info(msg, th);
    } else {
      log.debug(msg, th);
    }
  }

  @Override
  public void setLevel(String logger, Level level) {
    // levels are slf4j's configuration, not the library's
  }

  @Override
  public boolean isLogLevelEnabled(Diagnostic diagnostic) {
    Logger log = LoggerFactory.getLogger(diagnostic.getLogMessageId().getWhere());
    int v = diagnostic.getLevel().intValue();
    return v >= Level.SEVERE.intValue() ? log.isErrorEnabled() : v >= Level.WARNING.intValue() ? log.isWarnEnabled()
        : v >= Level.INFO.intValue() ? log.isInfoEnabled() : log.isDebugEnabled();
  }
}
