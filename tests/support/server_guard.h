// Tests that start a private database server (pg_server.h, clickhouse_cluster.h): in CI (.ci/run
// sets VEIL_CI) a server that cannot be started fails the test; elsewhere the test is skipped with
// the reason shown, so a developer without the servers installed still sees why.
#pragma once

#include <QtTest/QtTest>

#define VEIL_REQUIRE_SERVER(started, why)                                                        \
    do {                                                                                         \
        if (!(started)) {                                                                        \
            if (qEnvironmentVariableIsSet("VEIL_CI")) QFAIL(qPrintable(why));                    \
            QSKIP(qPrintable(QStringLiteral("no private server (tools/install-deps.sh installs " \
                                            "postgresql and clickhouse-server): ") +             \
                             (why)));                                                            \
        }                                                                                        \
    } while (false)
