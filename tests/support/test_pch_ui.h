// The precompiled header of every UI suite: the core suites' one, Qt Widgets and Qt Charts.
#pragma once

#include "test_pch.h"

#include <QtCharts>
#include <QtWidgets>
